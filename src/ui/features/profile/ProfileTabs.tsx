import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isOrdinary, useUserInfo } from '../../stores/session.store.ts';

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  & a {
    padding: 8px 14px;
    margin-bottom: -1px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }
  & a.active {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** Tabs of the profile area; Pricing only for roles that see it (docs/PRODUCT.md §6). */
export function ProfileTabs() {
  const { t } = useTranslation('profile');
  const userInfo = useUserInfo();
  return (
    <Tabs aria-label={t('ac.title')}>
      <NavLink to="/profile/ac">{t('tabs.ac')}</NavLink>
      {!isOrdinary(userInfo) && <NavLink to="/profile/fieldset">{t('tabs.fieldset')}</NavLink>}
      <NavLink to="/profile/orders">{t('tabs.orders')}</NavLink>
    </Tabs>
  );
}
