import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { page } from '../../api/page.ts';
import { Button, IconButton } from '../../components/index.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { pendingKind, savePending, takePending, usePendingHandlers } from './pending-action.ts';
import { closeSignIn, useSignInPrompt } from './sign-in-prompt.store.ts';

const WIDTH = 260;
const GAP = 8;

const Card = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.z.dialog};
  width: ${WIDTH}px;
  max-width: calc(100vw - ${2 * GAP}px);
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  & > div {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
  & strong {
    font-weight: 600;
  }
`;

/** Where the card goes: under the control (above it near the window's foot), inside the window. */
function placeNear(anchor: DOMRect | null): { top: number; left: number } {
  const width = Math.min(WIDTH, innerWidth - 2 * GAP);
  if (!anchor) return { top: 96, left: Math.max(GAP, (innerWidth - width) / 2) };
  const below = anchor.bottom + GAP;
  const top = below + 120 > innerHeight ? Math.max(GAP, anchor.top - GAP - 120) : below;
  const left = Math.min(Math.max(GAP, anchor.right - width), innerWidth - width - GAP);
  return { top, left };
}

/** The path and query of the page on screen: where the visitor comes back to. */
const here = () => location.pathname + location.search;

/**
 * The inline sign-in prompt, and the carrying out of what a visitor asked for (issue 30 §3): a
 * visitor's ♥ or ⬇ shows "登录后即可收藏/下载" beside the control with a sign-in button; signing
 * in from it brings the visitor back to the same path and query, where the action runs once.
 */
export function SignInFlow() {
  const { t } = useTranslation('auth');
  const ask = useSignInPrompt((s) => s.ask);
  const card = useRef<HTMLDivElement>(null);
  const signedIn = useSessionStore((s) => Boolean(s.accessToken));
  const handlers = usePendingHandlers((s) => s.handlers);
  const { pathname, search } = useLocation();

  // Back on the page after signing in, once the feature that handles the action has loaded.
  useEffect(() => {
    if (!signedIn) return;
    const place = pathname + search;
    const kind = pendingKind(place);
    const handler = kind === null ? undefined : handlers[kind];
    const pending = handler ? takePending(place) : null;
    // The handler says what went wrong itself (toasts); nothing is retried.
    if (handler && pending)
      void Promise.resolve(pending.data)
        .then(handler)
        .catch(() => {});
  }, [signedIn, pathname, search, handlers]);

  // The prompt belongs to the spot it points at: a scroll, Esc, a click elsewhere or a new page close it.
  useEffect(() => {
    if (!ask) return;
    card.current?.querySelector('button')?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeSignIn();
    const onPress = (event: PointerEvent) => {
      if (!card.current?.contains(event.target as Node)) closeSignIn();
    };
    addEventListener('keydown', onKey);
    addEventListener('scroll', closeSignIn, { passive: true });
    addEventListener('pointerdown', onPress);
    return () => {
      removeEventListener('keydown', onKey);
      removeEventListener('scroll', closeSignIn);
      removeEventListener('pointerdown', onPress);
    };
  }, [ask]);
  useEffect(() => closeSignIn(), [pathname, search]);

  if (!ask) return null;
  const signIn = () => {
    const returnTo = here();
    if (ask.pending) savePending(ask.pending, returnTo);
    closeSignIn();
    page.navigate(`/login?redirect=${encodeURIComponent(returnTo)}`);
  };
  return (
    <Card
      ref={card}
      role="dialog"
      aria-label={t(`prompt.${ask.purpose}`)}
      data-testid="sign-in-prompt"
      style={placeNear(ask.anchor)}
    >
      <div>
        <strong>{t(`prompt.${ask.purpose}`)}</strong>
        <IconButton icon="close" label={t('prompt.close')} size={16} onClick={closeSignIn} />
      </div>
      <div>
        <Button variant="primary" size="small" onClick={signIn}>
          {t('prompt.signIn')}
        </Button>
      </div>
    </Card>
  );
}
