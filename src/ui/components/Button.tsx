import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Icon } from './Icon.tsx';
import type { IconName } from './icon-paths.ts';
import { Spinner } from './Spinner.tsx';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

/** Props of Button: a native button plus variant, size, icon and busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  icon?: IconName;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  block?: boolean;
  children?: ReactNode;
}

const StyledButton = styled.button<{
  $variant: ButtonVariant;
  $size: 'small' | 'medium' | 'large';
  $block: boolean;
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  height: ${({ $size }) => ({ small: '28px', medium: '36px', large: '44px' })[$size]};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'small' ? 3 : 4)};
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid transparent;
  font-size: ${({ theme, $size }) => ($size === 'small' ? theme.font.small : theme.font.body)};
  cursor: pointer;
  white-space: nowrap;
  transition:
    background 0.15s,
    border-color 0.15s,
    color 0.15s;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ${({ theme, $variant }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          &:hover:not(:disabled) {
            background: ${c.primaryHover};
          }
        `;
      case 'danger':
        return css`
          background: ${c.danger};
          color: #fff;
        `;
      case 'text':
        return css`
          background: transparent;
          color: ${c.primary};
          &:hover:not(:disabled) {
            background: ${c.primarySoft};
          }
        `;
      default:
        return css`
          background: ${c.surface};
          color: ${c.text};
          border-color: ${c.border};
          &:hover:not(:disabled) {
            border-color: ${c.primary};
            color: ${c.primary};
          }
        `;
    }
  }}
`;

/** The app's button. */
export function Button({
  variant = 'secondary',
  size = 'medium',
  icon,
  loading = false,
  block = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $block={block}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={14} /> : icon ? <Icon name={icon} size={16} /> : null}
      {children}
    </StyledButton>
  );
}
