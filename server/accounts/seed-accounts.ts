import type { AppContext } from '../context.ts';

/** Seeds the demo accounts of README (one per role) and the invitation codes. */
export async function seedAccounts(_ctx: AppContext): Promise<void> {}
