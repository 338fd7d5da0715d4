import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppContext } from './context.ts';
import { chooseLogFormat, loggingOptions, type LogFormat, type LogOutput } from './logging.ts';
import { answerFrameworkError, installEnvelope } from './http/envelope.ts';
import { answerClientError } from './http/client-error.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installAuthContext } from './http/auth-context.ts';
import { installValidation } from './http/validation.ts';
import { installClientAndNotFound } from './http/static-client.ts';
import { registerAccountsRoutes } from './accounts/accounts.routes.ts';
import { registerCatalogueRoutes } from './catalogue/catalogue.routes.ts';
import { registerTagRoutes } from './catalogue/tags.routes.ts';
import { registerSimilarRoutes } from './catalogue/similar.routes.ts';
import { registerPlaybackRoutes } from './playback/playback.routes.ts';
import { registerDownloadsRoutes } from './downloads/downloads.routes.ts';
import { registerCommerceRoutes } from './commerce/commerce.routes.ts';
import { registerMusicRoutes } from './music/music.routes.ts';

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
}

/** Builds the gateway: envelope, security headers, auth context, every route module, client. */
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
    trustProxy: false,
    routerOptions: { maxParamLength: 500 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installValidation(app);
  installEnvelope(app);
  installSecurityHeaders(app);
  installAuthContext(app, ctx);
  await registerAccountsRoutes(app, ctx);
  await registerCatalogueRoutes(app, ctx);
  await registerTagRoutes(app, ctx);
  await registerSimilarRoutes(app, ctx);
  await registerPlaybackRoutes(app, ctx);
  await registerDownloadsRoutes(app, ctx);
  await registerCommerceRoutes(app, ctx);
  await registerMusicRoutes(app, ctx);
  await installClientAndNotFound(app, options.serveClient ? ctx.config.distDir : null);
  return app;
}
