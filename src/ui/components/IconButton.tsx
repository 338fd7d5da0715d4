import type { ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon.tsx';
import type { IconName } from './icon-paths.ts';

/** Props of IconButton: the accessible label is required since there is no visible text. */
export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  label: string;
  size?: number;
  /** Highlights the button (a toggled state such as an open search bar). */
  active?: boolean;
}

const Round = styled.button<{ $size: number; $active: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size + 16}px;
  height: ${({ $size }) => $size + 16}px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : 'inherit')};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`;

/** A round button showing only an icon, labelled for screen readers and tooltips. */
export function IconButton({
  icon,
  label,
  size = 20,
  active = false,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <Round type={type} aria-label={label} title={label} $size={size} $active={active} {...rest}>
      <Icon name={icon} size={size} />
    </Round>
  );
}
