import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Registers the music routes. */
export async function registerMusicRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
