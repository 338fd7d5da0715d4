import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Mark = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  flex: none;
  width: 120px;
  text-decoration: none;
  color: inherit;
  font-weight: 700;
  font-size: 18px;
  letter-spacing: 0.5px;
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The logo, 120 px wide, linking home (docs/PRODUCT.md §2). */
export function Logo() {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <Mark to="/" aria-label={t('home')} data-testid="logo">
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
        <rect x="2" y="9" width="3" height="8" rx="1.5" fill="currentColor" />
        <rect x="8" y="4" width="3" height="18" rx="1.5" fill="currentColor" />
        <rect x="14" y="7" width="3" height="12" rx="1.5" fill="currentColor" />
        <rect x="20" y="11" width="3" height="4" rx="1.5" fill="currentColor" />
      </svg>
      <span>{t('common:appName')}</span>
    </Mark>
  );
}
