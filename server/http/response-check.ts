import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';

/** What a request's handler answered, as JSON.stringify would write it. */
const ANSWERED = Symbol('answered');

declare module 'fastify' {
  interface FastifyRequest {
    [ANSWERED]?: string;
  }
}

/**
 * For tests (AppOptions.checkResponses): every JSON answer must come out of its route's response
 * schema exactly as the handler built it. Fastify's serialiser writes only what the schema names
 * and coerces types, so a property the schema forgets, or a type it gets wrong, would silently
 * change an answer: here it is a 500 that fails the test instead (docs/API.md#typed-routes).
 */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    request[ANSWERED] = JSON.stringify(payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const answered = request[ANSWERED];
    if (answered === undefined || typeof payload !== 'string') return payload;
    request[ANSWERED] = undefined;
    if (isDeepStrictEqual(JSON.parse(payload), JSON.parse(answered))) return payload;
    const where = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const problem = new Error(
      `the ${reply.statusCode} answer of ${where} changed in serialisation:\n` +
        `  handler ${answered.slice(0, 2000)}\n  sent    ${payload.slice(0, 2000)}`,
    );
    // Tests run without a logger: said on stderr too, so the failing test shows why.
    console.error(problem.message);
    throw problem;
  });
}
