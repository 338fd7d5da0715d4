import { create } from 'zustand';
import type { PendingAction } from './pending-action.ts';

/** What a visitor was about to do: the prompt's words, and the action to carry out afterwards. */
export interface SignInAsk {
  purpose: 'like' | 'download';
  pending?: PendingAction;
}

/** The prompt on screen and where it points (the control that was clicked), or null. */
export const useSignInPrompt = create<{
  ask: (SignInAsk & { anchor: DOMRect | null }) | null;
}>()(() => ({ ask: null }));

/** The control the pointer last pressed: the prompt appears beside it. */
let lastPressed: Element | null = null;
if (typeof document !== 'undefined')
  document.addEventListener('pointerdown', (event) => (lastPressed = event.target as Element), {
    capture: true,
    passive: true,
  });

/**
 * Shows the inline sign-in prompt (issue 30 §3: "登录后即可收藏/下载" with a sign-in button) beside
 * the control just used (or the focused one, from the keyboard).
 */
export function askSignIn(ask: SignInAsk): void {
  const anchor = lastPressed?.isConnected ? lastPressed : document.activeElement;
  const rect = anchor && anchor !== document.body ? anchor.getBoundingClientRect() : null;
  useSignInPrompt.setState({ ask: { ...ask, anchor: rect } });
}

/** Closes the prompt. */
export function closeSignIn(): void {
  useSignInPrompt.setState({ ask: null });
}
