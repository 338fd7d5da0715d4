import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { logout } from '../../api/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button, IconButton, Menu, stickyBar } from '../../components/index.ts';
import { useLayoutStore } from '../../stores/layout.store.ts';
import { useLoadingStore } from '../../stores/loading.store.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { holdsAdminPermission } from '../admin/index.ts';
import { DownloadBalance } from '../downloads/index.ts';
import { Logo } from './Logo.tsx';
import { navTabsFor } from './nav-tabs.ts';
import { NavDrawer } from './NavDrawer.tsx';
import { ModeAndLanguage } from './ModeAndLanguage.tsx';

/** Below this width the tabs fold into the burger menu. */
const BURGER_QUERY = '(max-width: 759px)';

/** Height of the sticky top bar (px): what sticks below it starts there. */
export const TOP_BAR_HEIGHT = 56;

const Bar = styled.header`
  ${stickyBar('top')}
  height: ${TOP_BAR_HEIGHT}px;
  padding: 0 ${({ theme }) => theme.space(4)};
  /* A 390 px phone holds the burger, logo, search, balance, theme, language and avatar only with
     tighter gaps (at the default ones the avatar was cut at the right edge). */
  @media (max-width: 479px) {
    gap: ${({ theme }) => theme.space(1)};
    padding: 0 ${({ theme }) => theme.space(2)};
  }
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  & a {
    padding: 6px 12px;
    border-radius: ${({ theme }) => theme.radius.small};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  & a:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
  & a.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    font-weight: 600;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-transform: uppercase;
`;

const Progress = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: -1px;
  height: 2px;
  background: ${({ theme }) => theme.colors.primary};
  animation: yinku-progress 1.2s ease-in-out infinite;
  transform-origin: left;
  @keyframes yinku-progress {
    0% {
      transform: scaleX(0);
    }
    60% {
      transform: scaleX(0.8);
    }
    100% {
      transform: scaleX(1);
      opacity: 0;
    }
  }
`;

/** The top bar: logo, role-based tabs (burger when narrow), search toggle, mode, language, account. */
export function TopBar() {
  const { t } = useTranslation(['layout', 'common']);
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const narrow = useMediaQuery(BURGER_QUERY);
  const loading = useLoadingStore((s) => s.pending > 0);
  const { searchOpen, toggleSearch, setDrawerOpen } = useLayoutStore();
  const tabs = navTabsFor(userInfo);

  return (
    <Bar>
      {narrow && (
        <IconButton icon="menu" label={t('nav.openMenu')} onClick={() => setDrawerOpen(true)} />
      )}
      <Logo />
      {!narrow && (
        <Tabs aria-label={t('nav.label')}>
          {tabs.map((tab) => (
            <NavLink key={tab.key} to={tab.path} data-nav={tab.key}>
              {t(`nav.${tab.key}`)}
            </NavLink>
          ))}
        </Tabs>
      )}
      <Spacer />
      <IconButton
        icon="search"
        label={t('search.toggle')}
        active={searchOpen}
        aria-pressed={searchOpen}
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={toggleSearch}
      />
      <DownloadBalance />
      <ModeAndLanguage />
      {userInfo?.email ? (
        <Menu
          label={t('avatar.menu')}
          trigger={<Avatar aria-hidden="true">{userInfo.email.slice(0, 1)}</Avatar>}
          items={[
            {
              key: 'profile',
              label: t('avatar.viewProfile'),
              icon: 'user',
              onSelect: () => navigate('/profile/ac'),
            },
            ...(holdsAdminPermission(userInfo)
              ? [
                  {
                    key: 'admin',
                    label: t('avatar.admin'),
                    icon: 'settings' as const,
                    onSelect: () => navigate('/admin'),
                  },
                ]
              : []),
            {
              key: 'settings',
              label: t('avatar.settings'),
              icon: 'settings',
              onSelect: () => navigate('/profile/ac'),
            },
            {
              key: 'install',
              label: t('avatar.installApp'),
              icon: 'download',
              onSelect: () => navigate('/profile/ac'),
            },
            {
              key: 'terms',
              label: t('avatar.terms'),
              icon: 'info',
              onSelect: () => navigate('/profile/terms-service'),
            },
            {
              key: 'privacy',
              label: t('avatar.privacy'),
              icon: 'info',
              onSelect: () => navigate('/profile/privacy-policy'),
            },
            {
              key: 'logout',
              label: t('avatar.logout'),
              icon: 'logout',
              onSelect: () => void logout(),
            },
          ]}
        />
      ) : (
        !userInfo &&
        !narrow && (
          <>
            <Button size="small" variant="text" onClick={() => navigate('/login')}>
              {t('visitor.login')}
            </Button>
            <Button size="small" variant="primary" onClick={() => navigate('/register')}>
              {t('visitor.register')}
            </Button>
          </>
        )
      )}
      {loading && <Progress role="progressbar" aria-label={t('common:status.loading')} />}
      {narrow && <NavDrawer tabs={tabs} />}
    </Bar>
  );
}
