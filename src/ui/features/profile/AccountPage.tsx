import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { commerceApi } from '../../api/commerce.api.ts';
import { Card, PageTitle } from '../../components/index.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { DesktopAppCard } from './DesktopAppCard.tsx';
import { formatDate } from './format.ts';
import { ProfileTabs } from './ProfileTabs.tsx';
import { useLoad } from '../../lib/use-load.ts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  & dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & dd {
    margin: 0;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  & code {
    display: inline-block;
    margin-top: ${({ theme }) => theme.space(2)};
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/** /profile/ac: e-mail, role, plan and quota, change password, install the desktop app. */
export function AccountPage() {
  const { t } = useTranslation('profile');
  const userInfo = useUserInfo();
  const products = useLoad(commerceApi.products);
  if (!userInfo) return null;
  const plan = products.data?.find((p) => p.id === userInfo.plan);
  const language = currentLanguage();
  const roles = userInfo.roles.length
    ? userInfo.roles.map((r) => r.roleCode)
    : ['ORDINARY' as const];
  return (
    <Stack>
      <ProfileTabs />
      <Card>
        <PageTitle>{t('ac.title')}</PageTitle>
        <Facts>
          <dt>{t('ac.email')}</dt>
          <dd data-testid="account-email">{userInfo.email}</dd>
          <dt>{t('ac.role')}</dt>
          <dd data-testid="account-role">{roles.map((role) => t(`roles.${role}`)).join('、')}</dd>
          <dt>{t('ac.plan')}</dt>
          <dd data-testid="account-plan">{plan ? plan.names[language] : userInfo.plan}</dd>
          <dt>{t('ac.quota')}</dt>
          <dd data-testid="account-quota">
            {userInfo.downloadQuota === null ? t('ac.unlimited') : userInfo.downloadQuota}
          </dd>
          <dt>{t('ac.memberSince')}</dt>
          <dd>{formatDate(userInfo.createdAt, language)}</dd>
        </Facts>
        <Link to="/update-password">{t('ac.changePassword')}</Link>
      </Card>
      <DesktopAppCard />
    </Stack>
  );
}
