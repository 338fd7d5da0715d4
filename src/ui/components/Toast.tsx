import styled from 'styled-components';
import { Icon } from './Icon.tsx';

/** Kind of a toast; it picks the icon and colour. */
export type ToastKind = 'success' | 'error' | 'info';

/** A button in a toast (e.g. undo); choosing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

/** One toast message. */
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

/** Props of ToastViewport: the messages to show and how to dismiss one. */
export interface ToastViewportProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  closeLabel: string;
}

const Viewport = styled.div`
  position: fixed;
  top: 16px;
  left: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.z.toast};
  display: flex;
  flex-direction: column;
  gap: 8px;
  pointer-events: none;
`;

const Card = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 240px;
  max-width: min(480px, 90vw);
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  pointer-events: auto;
  & > svg {
    flex: none;
    color: ${({ theme, $kind }) =>
      $kind === 'success'
        ? theme.colors.success
        : $kind === 'error'
          ? theme.colors.danger
          : theme.colors.primary};
  }
  & > span {
    flex: 1;
  }
  & > button.toast-action {
    color: ${({ theme }) => theme.colors.primary};
    font: inherit;
    font-weight: 600;
  }
  & > button {
    border: none;
    background: none;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
    padding: 0;
    display: inline-flex;
  }
`;

/** Renders toasts at the top centre; errors are announced assertively. */
export function ToastViewport({ toasts, onDismiss, closeLabel }: ToastViewportProps) {
  return (
    <Viewport>
      {toasts.map((toast) => (
        <Card
          key={toast.id}
          $kind={toast.kind}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-toast-kind={toast.kind}
        >
          <Icon name={toast.kind} size={18} />
          <span>{toast.message}</span>
          {toast.action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                onDismiss(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" aria-label={closeLabel} onClick={() => onDismiss(toast.id)}>
            <Icon name="close" size={16} />
          </button>
        </Card>
      ))}
    </Viewport>
  );
}
