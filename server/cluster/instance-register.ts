import { createHmac, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';

/** How often a running instance marks itself live; one unseen for 3 beats counts as gone. */
const HEARTBEAT_MS = 10_000;

/** This process's entry in the register of live instances. */
export interface RegisteredInstance {
  id: string;
  /** Stops the heartbeat and removes the entry (a clean shutdown). */
  leave(): Promise<void>;
}

/**
 * A fingerprint of the token secret that does not reveal it: instances compare these to find
 * out whether they sign tokens with the same secret.
 */
export function secretFingerprint(secret: Buffer): string {
  return createHmac('sha256', secret).update('yinku instance fingerprint').digest('hex');
}

/**
 * Registers this gateway as a live instance of its database and keeps the entry fresh. Refuses
 * (throws, registering nothing) when a live instance signs tokens with another secret: tokens
 * issued by one would be rejected by the other (docs/DEPLOY.md#several-instances).
 */
export async function joinInstances(
  ctx: Pick<AppContext, 'repo' | 'clock' | 'tokenSecret'>,
  heartbeatMs: number = HEARTBEAT_MS,
): Promise<RegisteredInstance> {
  const id = randomUUID();
  const fingerprint = secretFingerprint(ctx.tokenSecret);
  const beat = () => {
    const now = ctx.clock.now();
    return ctx.repo.instances.heartbeat(
      { id, secretFingerprint: fingerprint, seenAt: now },
      now - 3 * heartbeatMs,
    );
  };
  const others = await beat();
  if (others.some((other) => other.secretFingerprint !== fingerprint)) {
    await ctx.repo.instances.leave(id);
    throw new Error(
      'another gateway instance on this database signs tokens with a different secret: ' +
        'give every instance the same YINKU_TOKEN_SECRET',
    );
  }
  // A missed beat (database busy) is harmless: the entry lives for three.
  const timer = setInterval(() => void beat().catch(() => {}), heartbeatMs);
  timer.unref();
  return {
    id,
    async leave() {
      clearInterval(timer);
      await ctx.repo.instances.leave(id);
    },
  };
}
