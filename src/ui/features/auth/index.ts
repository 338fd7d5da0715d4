/**
 * What other features use of auth: the inline sign-in prompt for a visitor's like or download,
 * and the pending action carried out after signing in (issue 30 §3). Pages are loaded by the
 * router, not from here.
 */
export { SignInFlow } from './SignInFlow.tsx';
export { askSignIn, type SignInAsk } from './sign-in-prompt.store.ts';
export { registerPendingHandler } from './pending-action.ts';
