import { createHash } from 'node:crypto';
import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { AppContext } from '../context.ts';
import { hashPassword } from './passwords.ts';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'yinku-demo';

/** The demo accounts of README, one per role. */
export const DEMO_ACCOUNTS: readonly { email: string; roles: RoleCode[]; sampleTypes: string[] }[] =
  [
    { email: 'demo@yinku.local', roles: ['ORDINARY'], sampleTypes: [] },
    {
      email: 'creator@yinku.local',
      roles: ['ORDINARY', 'CREATOR'],
      sampleTypes: ['hip-hop', 'trap', 'drums', '808', 'guzheng'],
    },
    { email: 'admin@yinku.local', roles: ['ORDINARY', 'CREATOR', 'ADMIN'], sampleTypes: [] },
  ];

/** Invitation codes (format XXX_XXX) that start the assessment, with their uses. */
const INVITATION_CODES: readonly { code: string; uses: number }[] = [
  { code: 'YIN_KU1', uses: 1000 },
  { code: 'DEM_001', uses: 1000 },
  { code: 'DEM_002', uses: 1000 },
];

/** Seeds the demo accounts of README (one per role) and the invitation codes. */
export async function seedAccounts(ctx: AppContext): Promise<void> {
  // The client sends SHA-256 hex of what the user typed; that is what argon2id protects.
  const clientHash = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
  // Hashed in parallel (argon2 runs off the main thread): about one hash time on 2 cores.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(clientHash)));
  const now = ctx.clock.now();
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    await ctx.repo.accounts.createUser({ ...account, passwordHash: hashes[index]!, now });
  }
  for (const { code, uses } of INVITATION_CODES)
    await ctx.repo.accounts.createInvitationCode(code, uses);
}
