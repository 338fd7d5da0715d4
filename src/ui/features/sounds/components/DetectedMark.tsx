import { useTranslation } from 'react-i18next';
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
 * "What a row says"): a small ≈ whose tooltip and accessible name say "检测值" / "Detected".
 */
export function DetectedMark() {
  const { t } = useTranslation('sounds');
  return (
    <Mark title={t('row.detected')} aria-label={t('row.detected')} data-detected>
      {DETECTED_SIGN}
    </Mark>
  );
}
