import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/shared/api/paths.ts';
import { typedRoutes, type AreaOptions } from '../http/route-area.ts';
import { confirmed, okResponse } from '../http/response-schema.ts';
import { connectionCheckSchema, tokenPairSchema } from './account.responses.ts';
import { ApiError, badRequest, MESSAGES } from '../http/api-error.ts';
import { bearerOf } from '../http/auth-context.ts';
import { ok } from '../http/envelope.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { ACCOUNT_POLICY } from './account-policy.ts';
import { emptyQuery, loginBody } from './account-schemas.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { createRateLimiter, retryAfterSeconds } from './rate-limiter.ts';
import { hashRefreshToken, rotateSession, startSession } from './session-tokens.ts';
import { demoLoginProbe } from './demo-login.ts';

const badCredentials = () =>
  new ApiError('BAD_REQUEST', ACCOUNT_MESSAGES.badCredentials, { field: 'password' });

/** The refresh token a call carries as its bearer; 401 when there is none. */
function refreshBearer(request: FastifyRequest): string {
  const token = bearerOf(request);
  if (!token) throw new ApiError('UNAUTHORIZED', MESSAGES.unauthorized);
  return token;
}

/** Login, refresh-token, logout and test-connection. */
export async function sessionRoutes(base: FastifyInstance, { ctx }: AreaOptions): Promise<void> {
  const app = typedRoutes(base);
  const tokens = okResponse(tokenPairSchema);
  const limits = { clock: ctx.clock, store: ctx.repo.limits };
  const perAccount = createRateLimiter({
    ...ACCOUNT_POLICY.loginFailuresPerAccount,
    ...limits,
    bucket: 'login-account',
  });
  const perIp = createRateLimiter({
    ...ACCOUNT_POLICY.loginFailuresPerIp,
    ...limits,
    bucket: 'login-ip',
  });
  // Computed at start-up so the first unknown-account login costs no more than later ones.
  await dummyPasswordHash();

  app.post(API.login, { schema: { body: loginBody, response: tokens } }, async (request) => {
    const email = request.body.email.toLowerCase();
    const wait = Math.max(await perAccount.blockedFor(email), await perIp.blockedFor(request.ip));
    if (wait > 0) {
      throw new ApiError('RATE_LIMITED', ACCOUNT_MESSAGES.loginThrottled, {
        headers: { 'retry-after': retryAfterSeconds(wait) },
      });
    }
    const found = await ctx.repo.accounts.findCredentials(email);
    // Unknown accounts cost the same argon2 verification and get the same answer.
    const stored = found?.passwordHash ?? (await dummyPasswordHash());
    const valid = await verifyPassword(stored, request.body.password);
    if (!found || !valid) {
      await Promise.all([perAccount.record(email), perIp.record(request.ip)]);
      throw badCredentials();
    }
    // Told only to whoever knows the password.
    if (found.disabled) throw new ApiError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
    await perAccount.reset(email);
    return ok(await startSession(ctx, found.id));
  });

  const refreshSchema = { querystring: emptyQuery, response: tokens };
  app.get(API.refreshToken, { schema: refreshSchema }, async (request) => {
    const result = await rotateSession(ctx, refreshBearer(request));
    if (result.ok) return ok(result.pair);
    const message =
      result.reason === 'reused' ? ACCOUNT_MESSAGES.refreshReused : MESSAGES.tokenExpired;
    throw new ApiError('UNAUTHORIZED', message);
  });

  const logoutSchema = { querystring: emptyQuery, response: okResponse(confirmed) };
  app.post(API.logout, { schema: logoutSchema }, async (request) => {
    // The call takes no body; an empty JSON object is tolerated, anything else is an error.
    const body = request.body;
    if (body != null && (typeof body !== 'object' || Object.keys(body).length > 0))
      throw badRequest('body', '此接口不接受请求体', 'this call takes no body');
    const found = await ctx.repo.accounts.revokeRefreshFamily(
      hashRefreshToken(refreshBearer(request)),
      ctx.clock.now(),
    );
    if (!found) throw new ApiError('UNAUTHORIZED', MESSAGES.tokenInvalid);
    // The session's access tokens are refused here from this answer on, elsewhere within 1 s.
    await ctx.sessions.sync();
    return ok(true);
  });

  const demoLogin = demoLoginProbe(ctx);
  const connectionSchema = { querystring: emptyQuery, response: okResponse(connectionCheckSchema) };
  app.get(API.testConnection, { schema: connectionSchema }, async () =>
    ok({ ok: true, time: new Date(ctx.clock.now()).toISOString(), demoLogin: await demoLogin() }),
  );
}
