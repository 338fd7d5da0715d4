import type { InputHTMLAttributes } from 'react';
import styled from 'styled-components';

/** Props of Slider: a range input with a typed numeric callback. */
export interface SliderProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'type'
> {
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** Called once when the user lets go (pointer up / key up), e.g. to seek. */
  onCommit?: (value: number) => void;
  label: string;
}

const Range = styled.input<{ $fill: number }>`
  appearance: none;
  width: 100%;
  height: 4px;
  margin: 8px 0;
  border-radius: 2px;
  cursor: pointer;
  background: linear-gradient(
    to right,
    ${({ theme }) => theme.colors.primary} ${({ $fill }) => $fill}%,
    ${({ theme }) => theme.colors.border} ${({ $fill }) => $fill}%
  );
  &::-webkit-slider-thumb {
    appearance: none;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    border: 2px solid ${({ theme }) => theme.colors.primary};
  }
  &::-moz-range-thumb {
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    border: 2px solid ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** A horizontal slider (volume, progress) filled up to its value in the main colour. */
export function Slider({
  value,
  min,
  max,
  step = 1,
  onChange,
  onCommit,
  label,
  ...rest
}: SliderProps) {
  const clamped = Math.min(max, Math.max(min, value));
  const fill = max > min ? ((clamped - min) / (max - min)) * 100 : 0;
  const commit = (event: { currentTarget: HTMLInputElement }) =>
    onCommit?.(Number(event.currentTarget.value));
  return (
    <Range
      type="range"
      aria-label={label}
      min={min}
      max={max}
      step={step}
      value={clamped}
      $fill={fill}
      onChange={(event) => onChange(Number(event.target.value))}
      onPointerUp={commit}
      onKeyUp={commit}
      {...rest}
    />
  );
}
