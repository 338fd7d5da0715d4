import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the playback routes: spectrum, encrypted play, audition. */
export async function registerPlaybackRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
): Promise<void> {}
