import type { FastifyInstance } from 'fastify';
import { API } from '../../src/shared/api/paths.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { confirmed, okResponse } from '../http/response-schema.ts';
import { tokenPairSchema } from './account.responses.ts';
import { ApiError, type Message } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { ACCOUNT_POLICY } from './account-policy.ts';
import { registerBody, resetBody, sendCodeBody, updateBody } from './account-schemas.ts';
import type { CodeCheck, CodeProblem, CodePurpose } from './accounts.repository.ts';
import { codeMail, hashEmailCode, newEmailCode } from './code-mail.ts';
import { createMailer } from './mailer.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createRateLimiter, retryAfterSeconds } from './rate-limiter.ts';
import { startSession } from './session-tokens.ts';

const CODE_PROBLEMS: Record<CodeProblem, Message> = {
  missing: ACCOUNT_MESSAGES.codeMissing,
  wrong: ACCOUNT_MESSAGES.codeWrong,
  expired: ACCOUNT_MESSAGES.codeExpired,
  locked: ACCOUNT_MESSAGES.codeLocked,
};

const codeError = (problem: CodeProblem) =>
  new ApiError('BAD_REQUEST', CODE_PROBLEMS[problem], { field: 'code' });

const throttled = (message: Message, waitMs: number) =>
  new ApiError('RATE_LIMITED', message, { headers: { 'retry-after': retryAfterSeconds(waitMs) } });

/** sendCode, register, password reset and password update. */
export async function registrationRoutes(
  base: FastifyInstance,
  { ctx }: AreaOptions,
): Promise<void> {
  const app = typedRoutes(base);
  const confirms = okResponse(confirmed);
  const tokens = okResponse(tokenPairSchema);
  const perIp = createRateLimiter({
    ...ACCOUNT_POLICY.codeSendsPerIp,
    limit: ctx.config.codeSendsPerAddress ?? ACCOUNT_POLICY.codeSendsPerIp.limit,
    clock: ctx.clock,
    store: ctx.repo.limits,
    bucket: 'code-ip',
  });
  const mailer = createMailer({
    smtp: ctx.config.smtp,
    dataDir: ctx.config.dataDir,
    now: () => ctx.clock.now(),
    log: (line) => app.log.info(line),
  });
  const checkOf = (email: string, purpose: CodePurpose, code: string): CodeCheck => ({
    email,
    purpose,
    codeHash: hashEmailCode(ctx.tokenSecret, email, purpose, code),
    now: ctx.clock.now(),
    maxAttempts: ACCOUNT_POLICY.codeMaxAttempts,
  });
  // Hashing the new password costs ~50 ms of argon2: only spend it while a code could match.
  const hashIfCodeLive = async (check: CodeCheck, password: string): Promise<string> => {
    const problem = await ctx.repo.accounts.liveCodeProblem(check);
    if (problem) throw codeError(problem);
    return hashPassword(password);
  };

  app.post(
    API.sendCode,
    { schema: { body: sendCodeBody, response: confirms } },
    async (request) => {
      const { appKey, purpose } = request.body;
      const email = request.body.email.toLowerCase();
      const ipWait = await perIp.blockedFor(request.ip);
      if (ipWait > 0) throw throttled(ACCOUNT_MESSAGES.codeThrottled, ipWait);
      // Every attempt counts, so the 409 below cannot be used to probe addresses in bulk.
      await perIp.record(request.ip);
      const exists = await ctx.repo.accounts.emailExists(email);
      if (purpose === 'register' && exists)
        throw new ApiError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
      const now = ctx.clock.now();
      const code = newEmailCode();
      const issued = await ctx.repo.accounts.issueEmailCode({
        email,
        purpose,
        codeHash: hashEmailCode(ctx.tokenSecret, email, purpose, code),
        now,
        expiresAt: now + ACCOUNT_POLICY.codeLifetimeMs,
        minIntervalMs: ACCOUNT_POLICY.codeResendIntervalMs,
      });
      if (!issued.ok) throw throttled(ACCOUNT_MESSAGES.codeThrottled, issued.retryAfterMs);
      const send = async (): Promise<boolean> => {
        try {
          const mail = codeMail(email, code, purpose, appKey, ACCOUNT_POLICY.codeLifetimeMs);
          await mailer.send(mail, { code, purpose, language: appKey });
          return true;
        } catch (error) {
          request.log.error({ err: error }, 'sending a code mail failed');
          // A background send may fail after the gateway closed its storage: logged, not thrown.
          await ctx.repo.accounts
            .discardEmailCode(issued.id)
            .catch((failure: unknown) => request.log.error({ err: failure }, 'discarding failed'));
          return false;
        }
      };
      if (purpose === 'reset') {
        // The same answer at the same moment whether the address has an account: the mail (to
        // a real one only) goes out after it, and its failure is logged, not answered. An
        // unknown address keeps its unmailed code, judged like any other at the reset.
        if (exists) void send();
        return ok(true);
      }
      if (!(await send()))
        throw new ApiError('INTERNAL', ACCOUNT_MESSAGES.sendFailed, { status: 502 });
      return ok(true);
    },
  );

  app.post(API.register, { schema: { body: registerBody, response: tokens } }, async (request) => {
    const { email, password, code } = request.body;
    if (await ctx.repo.accounts.emailExists(email))
      throw new ApiError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
    const check = checkOf(email, 'register', code);
    const result = await ctx.repo.accounts.registerWithCode(
      check,
      await hashIfCodeLive(check, password),
    );
    if (!result.ok) {
      if (result.reason === 'exists')
        throw new ApiError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { field: 'email' });
      throw codeError(result.reason);
    }
    return ok(await startSession(ctx, result.userId));
  });

  app.post(
    API.passwordReset,
    { schema: { body: resetBody, response: confirms } },
    async (request) => {
      const { email, code, password } = request.body;
      const check = checkOf(email, 'reset', code);
      const result = await ctx.repo.accounts.resetPasswordWithCode(
        check,
        await hashIfCodeLive(check, password),
      );
      if (!result.ok) throw codeError(result.reason);
      await ctx.sessions.sync();
      return ok(true);
    },
  );

  app.post(
    API.passwordUpdate,
    { schema: { body: updateBody, response: tokens }, config: { signedIn: true } },
    async (request) => {
      const { user } = request;
      const { oldPassword, password } = request.body;
      if (oldPassword === password)
        throw new ApiError('BAD_REQUEST', ACCOUNT_MESSAGES.samePassword, { field: 'password' });
      const found = await ctx.repo.accounts.findCredentials(user.email);
      if (!found || !(await verifyPassword(found.passwordHash, oldPassword)))
        throw new ApiError('BAD_REQUEST', ACCOUNT_MESSAGES.oldPasswordWrong, {
          field: 'oldPassword',
        });
      await ctx.repo.accounts.updatePassword(
        user.id,
        await hashPassword(password),
        ctx.clock.now(),
      );
      await ctx.sessions.sync();
      // Every session ended, this one too; the caller continues with a fresh pair.
      return ok(await startSession(ctx, user.id));
    },
  );
}
