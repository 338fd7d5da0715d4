import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/shared/api/paths.ts';
import { INVITATION_CODE_PATTERN } from '../../src/shared/constants.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { okResponse } from '../http/response-schema.ts';
import { ApiError, MESSAGES } from '../http/api-error.ts';
import { languageOf, ok } from '../http/envelope.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { ACCOUNT_POLICY } from './account-policy.ts';
import { bodySchema, clientKeyBody, emptyQuery } from './account-schemas.ts';
import { answersSchema, assessmentQuestions, sampleTypesFrom } from './assessment-questions.ts';
import { parseClientPublicKey } from './client-key.ts';
import { toUserInfo } from './profile.ts';
import {
  assessmentStartSchema,
  clientKeyAnswerSchema,
  userInfoSchema,
} from './account.responses.ts';

const startBody = bodySchema({
  invitationCode: { type: 'string', pattern: INVITATION_CODE_PATTERN.source },
});
const finishBody = bodySchema({
  assessmentId: { type: 'string', format: 'uuid' },
  answers: answersSchema,
});

/** Profile, client-key registration and the invitation-code assessment. */
export async function profileRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const profile = okResponse(userInfoSchema);
  const profileOf = async (userId: number, request: FastifyRequest) => {
    const account = await ctx.repo.accounts.findAccount(userId);
    if (!account) throw new ApiError('UNAUTHORIZED', MESSAGES.tokenInvalid);
    return toUserInfo(account, languageOf(request));
  };
  // The calls below are the signed-in user's: a body in, an answer out.
  const userCall = <const B extends object, const R extends object>(body: B, response: R) => ({
    schema: { body, response },
    config: { signedIn: true } as const,
  });

  app.get(
    API.profile,
    { schema: { querystring: emptyQuery, response: profile }, config: { signedIn: true } },
    async (request) => ok(await profileOf(request.user.id, request)),
  );

  const keyAnswer = okResponse(clientKeyAnswerSchema);
  app.post(API.clientKey, userCall(clientKeyBody, keyAnswer), async ({ user, body }) => {
    const publicKey = await parseClientPublicKey(body.publicKey);
    if (!publicKey)
      throw new ApiError('BAD_REQUEST', ACCOUNT_MESSAGES.badPublicKey, { field: 'publicKey' });
    const keyId = await ctx.repo.accounts.saveClientKey({
      keyId: randomUUID(),
      userId: user.id,
      publicKey,
      now: ctx.clock.now(),
      keep: ACCOUNT_POLICY.clientKeysPerUser,
    });
    return ok({ keyId });
  });

  const questions = okResponse(assessmentStartSchema);
  app.post(API.assessmentStart, userCall(startBody, questions), async (request) => {
    const { user } = request;
    const code = request.body.invitationCode.toUpperCase();
    const usesLeft = await ctx.repo.accounts.findInvitationCode(code, ctx.clock.now());
    if (!usesLeft)
      throw new ApiError('BAD_REQUEST', ACCOUNT_MESSAGES.invitationUnknown, {
        field: 'invitationCode',
      });
    const assessmentId = randomUUID();
    await ctx.repo.accounts.startAssessment({
      id: assessmentId,
      userId: user.id,
      invitationCode: code,
      now: ctx.clock.now(),
    });
    return ok({ assessmentId, questions: assessmentQuestions(languageOf(request)) });
  });

  app.post(API.assessmentFinish, userCall(finishBody, profile), async (request) => {
    const { user } = request;
    const { assessmentId, answers } = request.body;
    const result = await ctx.repo.accounts.finishAssessment({
      assessmentId,
      userId: user.id,
      answers,
      sampleTypes: sampleTypesFrom(answers),
      now: ctx.clock.now(),
    });
    if (!result.ok) {
      const unknown = result.reason === 'unknown';
      throw new ApiError(
        unknown ? 'NOT_FOUND' : 'CONFLICT',
        unknown ? ACCOUNT_MESSAGES.assessmentUnknown : ACCOUNT_MESSAGES.invitationUnknown,
        { field: unknown ? 'assessmentId' : 'invitationCode' },
      );
    }
    return ok(await profileOf(user.id, request));
  });
}
