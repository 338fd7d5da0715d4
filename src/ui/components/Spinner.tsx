import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

/** A small busy indicator; give it a `label` when it stands alone. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return <Ring $size={size} role={label ? 'status' : undefined} aria-label={label} />;
}
