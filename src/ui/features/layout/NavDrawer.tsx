import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton, navLinks } from '../../components/index.ts';
import { useLayoutStore } from '../../stores/layout.store.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import type { NavTab } from './nav-tabs.ts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.drawer};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.nav`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.z.drawer + 1};
  width: min(280px, 80vw);
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  ${navLinks('10px 12px')}
  & hr {
    width: 100%;
    margin: ${({ theme }) => theme.space(2)} 0;
    border: none;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * Groups of the profile's menus the drawer lists too: without the sidebar (under 960 px) the
 * warehouse and the liked lists would otherwise be only in the row of links above the crumbs.
 */
const OWN_GROUPS = new Set(['stockroom', 'likes']);

/**
 * The burger menu's drawer on narrow screens: the same role-based tabs, the warehouse and liked
 * lists of a signed-in user, plus login/register for a visitor. Esc closes it.
 */
export function NavDrawer({ tabs }: { tabs: NavTab[] }) {
  const { t } = useTranslation(['layout', 'common']);
  const { drawerOpen, setDrawerOpen } = useLayoutStore();
  const userInfo = useUserInfo();
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, setDrawerOpen]);
  if (!drawerOpen) return null;
  const close = () => setDrawerOpen(false);
  const own = (userInfo?.menus ?? []).filter((group) => OWN_GROUPS.has(group.key ?? ''));
  return (
    <>
      <Backdrop onClick={close} />
      <Panel aria-label={t('nav.label')}>
        <IconButton icon="close" label={t('common:actions.close')} onClick={close} />
        {tabs.map((tab) => (
          <NavLink key={tab.key} to={tab.path} onClick={close} data-nav={tab.key}>
            {t(`nav.${tab.key}`)}
          </NavLink>
        ))}
        {own.length > 0 && <hr />}
        {own.flatMap((group) =>
          group.children.map((item) => (
            <NavLink key={item.path} to={item.path} onClick={close} data-nav={item.key}>
              {`${group.name} · ${item.name}`}
            </NavLink>
          )),
        )}
        {!userInfo && (
          <>
            <NavLink to="/login" onClick={close}>
              {t('visitor.login')}
            </NavLink>
            <NavLink to="/register" onClick={close}>
              {t('visitor.register')}
            </NavLink>
          </>
        )}
      </Panel>
    </>
  );
}
