import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CATEGORIES, type Menu } from '../../../shared/index.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { useUserInfo } from '../../stores/session.store.ts';
import { useSegmentLabel } from '../navigation/index.ts';

const Aside = styled.aside<{ $disabled: boolean }>`
  flex: none;
  width: 200px;
  /* The page scrolls as one: the sidebar stays under the top bar, above the player bar. */
  position: sticky;
  top: var(--yinku-sticky-top, 0px);
  height: calc(100vh - var(--yinku-sticky-top, 0px) - 64px);
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow-y: auto;
  opacity: ${({ $disabled }) => ($disabled ? 0.55 : 1)};
  & h2 {
    margin: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)}
      ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.small};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: uppercase;
  }
  & ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  & a,
  & span[aria-disabled] {
    display: block;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radius.small};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  & a:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  & a.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  & span[aria-disabled] {
    cursor: not-allowed;
  }
`;

/**
 * Below the sidebar's breakpoint the same places as one scrollable row of links, so warehouse and
 * liked stay one click away at every width (docs/UI.md "Layout by width").
 */
const Strip = styled.nav<{ $disabled: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  margin-bottom: ${({ theme }) => theme.space(2)};
  padding-bottom: 2px;
  opacity: ${({ $disabled }) => ($disabled ? 0.55 : 1)};
  scrollbar-width: thin;
  & a,
  & span[aria-disabled] {
    flex: none;
    padding: 4px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 14px;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.font.small};
    text-decoration: none;
    white-space: nowrap;
  }
  & a.active {
    color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Note = styled.p`
  margin: 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.warning};
`;

/** Visitors have no profile menus: they get the browse group only. */
function visitorMenus(label: (segment: string) => string | null): Menu[] {
  return [
    {
      key: 'browse',
      name: label('sounds') ?? 'sounds',
      path: '/sounds',
      selected: false,
      children: CATEGORIES.map((category) => ({
        key: category,
        name: label(category) ?? category,
        path: `/sounds/${category}`,
        selected: false,
        children: [],
      })),
    },
  ];
}

/**
 * The sounds sidebar (`compact`: a row of links for narrow screens) from the profile's menus (browse, warehouse, liked groups, each with its
 * children); disabled while the stay-offline setting is on.
 */
export function Sidebar({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const label = useSegmentLabel();
  const userInfo = useUserInfo();
  const offline = useSettingsStore((s) => s.stayOffline);
  const menus = userInfo?.menus.length ? userInfo.menus : visitorMenus(label);
  if (compact)
    return (
      <Strip
        aria-label={t('sidebar.label')}
        $disabled={offline}
        data-offline={offline || undefined}
      >
        {menus.flatMap((group) =>
          group.children.map((item) => {
            const text = `${group.name} · ${item.name}`;
            return offline ? (
              <span key={item.path} aria-disabled="true">
                {text}
              </span>
            ) : (
              <NavLink key={item.path} to={item.path}>
                {text}
              </NavLink>
            );
          }),
        )}
      </Strip>
    );
  return (
    <Aside aria-label={t('sidebar.label')} $disabled={offline} data-offline={offline || undefined}>
      {offline && <Note role="note">{t('sidebar.offline')}</Note>}
      {menus.map((group) => (
        <section key={group.key ?? group.path}>
          <h2>{group.name}</h2>
          <ul>
            {group.children.map((item) => (
              <li key={item.key ?? item.path}>
                {offline ? (
                  <span aria-disabled="true">{item.name}</span>
                ) : (
                  <NavLink to={item.path}>{item.name}</NavLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Aside>
  );
}
