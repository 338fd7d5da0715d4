import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): about 50 ms here. @node-rs/argon2 defaults to
// argon2id; hashes carry their parameters, so raising these later keeps old hashes verifiable.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes what the client sent (lowercase hex SHA-256 of the typed password) as argon2id. */
export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash, OPTIONS);
}

/** Checks a client hash against a stored argon2id hash; false (never a throw) on a bad hash. */
export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of a random secret, verified when an account does not exist so that unknown e-mails
 * cost the same argon2 work as wrong passwords (no timing oracle for who has an account).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('hex'));
  return dummy;
}
