import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppContext } from './context.ts';
import { chooseLogFormat, loggingOptions, type LogFormat, type LogOutput } from './logging.ts';
import { answerFrameworkError, installEnvelope } from './http/envelope.ts';
import { answerClientError } from './http/client-error.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installAuthContext } from './http/auth-context.ts';
import { installValidation } from './http/validation.ts';
import { installClientAndNotFound } from './http/static-client.ts';
import { installSignedIn } from './http/signed-in.ts';
import { installResponseCheck } from './http/response-check.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { tagRoutes } from './catalogue/tags.routes.ts';
import { similarRoutes } from './catalogue/similar.routes.ts';
import { playbackRoutes } from './playback/playback.routes.ts';
import { downloadsRoutes } from './downloads/downloads.routes.ts';
import { commerceRoutes } from './commerce/commerce.routes.ts';
import { musicRoutes } from './music/music.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';

/** The route areas, each a Fastify plugin registered with `{ ctx }` (docs/ARCHITECTURE.md). */
const AREAS = [
  accountsRoutes,
  catalogueRoutes,
  tagRoutes,
  similarRoutes,
  playbackRoutes,
  downloadsRoutes,
  commerceRoutes,
  musicRoutes,
  adminRoutes,
];

/** Options of the HTTP app beyond its context. */
export interface AppOptions {
  /**
   * Logging: off by default (tests); `true` picks the format from LOG_FORMAT and whether stdout
   * is a terminal (see logging.ts); or an explicit format and output.
   */
  logger?: boolean | { format: LogFormat; out: LogOutput };
  /** Serve the built client from ctx.config.distDir (off in API tests). */
  serveClient?: boolean;
  /** Called with every route as it is registered (tests enumerate routes and schemas with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Fail (500) any JSON answer its response schema would change (tests; see response-check.ts). */
  checkResponses?: boolean;
}

/** Builds the gateway: envelope, security headers, auth context, every route area, client. */
export async function createApp(
  ctx: AppContext,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const log =
    options.logger === true
      ? { format: chooseLogFormat(process.env, process.stdout.isTTY === true), out: process.stdout }
      : options.logger || null;
  const app = Fastify({
    ...(log ? loggingOptions(log.format, ctx.config.logLevel, log.out) : { logger: false }),
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy the client's address is the one the proxy forwards, but only from
    // the proxies YINKU_TRUST_PROXY names: rate limits count per client address.
    trustProxy: ctx.config.trustProxy ?? false,
    routerOptions: { maxParamLength: 500 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installValidation(app);
  installEnvelope(app);
  installSecurityHeaders(app);
  installAuthContext(app, ctx);
  installSignedIn(app);
  if (options.checkResponses) installResponseCheck(app);
  for (const area of AREAS) await app.register(area, { ctx });
  await installClientAndNotFound(app, options.serveClient ? ctx.config.distDir : null);
  return app;
}
