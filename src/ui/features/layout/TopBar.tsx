import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { logout } from '../../api/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import {
  Button,
  IconButton,
  Menu,
  navLinks,
  stickyBar,
  type IconName,
} from '../../components/index.ts';
import { useLayoutStore } from '../../stores/layout.store.ts';
import { useLoadingStore } from '../../stores/loading.store.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { holdsAdminPermission } from '../admin/index.ts';
import { DownloadBalance } from '../downloads/index.ts';
import { Logo } from './Logo.tsx';
import { navTabsFor } from './nav-tabs.ts';
import { NavDrawer } from './NavDrawer.tsx';
import { ModeAndLanguage } from './ModeAndLanguage.tsx';

/** The avatar menu's pages, in order (the admin page only for an admin). */
const AVATAR_PAGES: {
  key: string;
  label: 'viewProfile' | 'admin' | 'settings' | 'installApp' | 'terms' | 'privacy';
  icon: IconName;
  path: string;
}[] = [
  { key: 'profile', label: 'viewProfile', icon: 'user', path: '/profile/ac' },
  { key: 'admin', label: 'admin', icon: 'settings', path: '/admin' },
  { key: 'settings', label: 'settings', icon: 'settings', path: '/profile/ac' },
  { key: 'install', label: 'installApp', icon: 'download', path: '/profile/ac' },
  { key: 'terms', label: 'terms', icon: 'info', path: '/profile/terms-service' },
  { key: 'privacy', label: 'privacy', icon: 'info', path: '/profile/privacy-policy' },
];

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
  ${navLinks('6px 12px')}
  & a:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
  & a.active {
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
            ...AVATAR_PAGES.filter(
              (page) => page.key !== 'admin' || holdsAdminPermission(userInfo),
            ).map(({ key, label, icon, path }) => ({
              key,
              label: t(`avatar.${label}`),
              icon,
              onSelect: () => navigate(path),
            })),
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
