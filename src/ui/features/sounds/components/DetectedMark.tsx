import styled from 'styled-components';

/** The sign after a detected key or BPM: "about", since a detector measured it. */
export const DETECTED_SIGN = '≈';

const Mark = styled.abbr`
  margin-left: 2px;
  color: ${({ theme }) => theme.colors.primary};
  font-size: 0.85em;
  text-decoration: none;
  cursor: help;
`;

/**
 * The mark of a value the audio analysis detected rather than the pack labelled (docs/SOUNDS.md
 * "What a row says"): a small ≈ whose tooltip and accessible name say `label` (`row.detected`:
 * "检测值" / "Detected"). The caller translates it: a grid row mounts this with no hook of its own.
 */
export function DetectedMark({ label }: { label: string }) {
  return (
    <Mark title={label} aria-label={label} data-detected>
      {DETECTED_SIGN}
    </Mark>
  );
}
