import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { type RuleSet } from 'styled-components';
import { IconButton } from './IconButton.tsx';
import type { IconName } from './icon-paths.ts';

/** Props of BarPopup: the trigger, the panel's content, and how the panel differs. */
export interface BarPopupProps {
  /**
   * The button that opens and closes the popup: an icon button (lit while open, or while `lit`),
   * or one of its own, given whether the popup is open and the toggle.
   */
  trigger:
    | { icon: IconName; label: string; lit?: boolean }
    | ((open: boolean, toggle: () => void) => ReactNode);
  children: ReactNode;
  /** The panel's element: a list for a popup of entries. */
  as?: 'div' | 'ol';
  role?: string;
  'aria-label'?: string;
  /** What the panel adds to the shared surface (width, padding, layout). */
  panelCss?: RuleSet<object>;
  /** A pointer down outside the popup closes it. */
  closeOnOutside?: boolean;
  /** Styles the anchor (`styled(BarPopup)`). */
  className?: string;
}

const Anchor = styled.div`
  position: relative;
`;

const Panel = styled.div<{ $extra?: RuleSet<object> }>`
  position: absolute;
  bottom: 48px;
  right: 0;
  z-index: ${({ theme }) => theme.z.popup};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  ${({ $extra }) => $extra}
`;

/** A popup that opens above a player bar's button, flush with its right edge. */
export function BarPopup({
  trigger,
  children,
  as,
  role,
  'aria-label': label,
  panelCss,
  closeOnOutside = false,
  className,
}: BarPopupProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !closeOnOutside) return;
    const close = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, closeOnOutside]);
  const toggle = () => setOpen((o) => !o);
  return (
    <Anchor ref={anchor} className={className}>
      {typeof trigger === 'function' ? (
        trigger(open, toggle)
      ) : (
        <IconButton
          icon={trigger.icon}
          label={trigger.label}
          aria-expanded={open}
          active={open || trigger.lit === true}
          onClick={toggle}
        />
      )}
      {open && (
        <Panel as={as} role={role} aria-label={label} $extra={panelCss}>
          {children}
        </Panel>
      )}
    </Anchor>
  );
}
