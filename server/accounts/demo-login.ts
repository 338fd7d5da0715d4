import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { verifyPassword } from './passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-accounts.ts';

/** The demo login the login page may show: e-mail and password as a person types them. */
interface DemoLogin {
  email: string;
  password: string;
}

/**
 * The demo login when it works on this gateway: the ORDINARY demo account exists and still has
 * the demo password (an operator who changed or never seeded it gets null, and the login page
 * shows no hint). The argon2 check runs once per stored hash, not once per call.
 */
export function demoLoginProbe(ctx: AppContext): () => Promise<DemoLogin | null> {
  const email = DEMO_ACCOUNTS[0]!.email;
  const clientHash = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
  const checked = new Map<string, Promise<boolean>>();
  return async () => {
    const credentials = await ctx.repo.accounts.findCredentials(email);
    if (!credentials) return null;
    let works = checked.get(credentials.passwordHash);
    if (!works) {
      works = verifyPassword(credentials.passwordHash, clientHash);
      checked.clear();
      checked.set(credentials.passwordHash, works);
    }
    return (await works) ? { email, password: DEMO_PASSWORD } : null;
  };
}
