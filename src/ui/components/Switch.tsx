import styled from 'styled-components';

/** Props of Switch: an on/off control with a visible or accessible label. */
export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}

const Track = styled.button<{ $on: boolean }>`
  position: relative;
  flex: none;
  width: 40px;
  height: 22px;
  padding: 0;
  border: none;
  border-radius: 11px;
  cursor: pointer;
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.border)};
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: ${({ $on }) => ($on ? '21px' : '3px')};
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: left 0.15s;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** A toggle switch (role="switch", aria-checked). */
export function Switch({ checked, onChange, label, disabled }: SwitchProps) {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={label}
      disabled={disabled}
      $on={checked}
      onClick={() => onChange(!checked)}
    />
  );
}
