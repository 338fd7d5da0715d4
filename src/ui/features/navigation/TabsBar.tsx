import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon, Menu } from '../../components/index.ts';
import { placeOf, useNavigationStore, type TabRemoval } from '../../stores/navigation.store.ts';
import { pageTitleFor } from './crumbs.ts';
import { useCrumbNames } from './use-segment-label.ts';

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  min-width: 0;
  flex: 1;
`;

const List = styled.ul`
  display: flex;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
  scrollbar-width: thin;
  min-width: 0;
`;

const Tab = styled.li<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  flex: none;
  height: 28px;
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid
    ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.text)};
  font-size: ${({ theme }) => theme.font.small};
  & > button {
    display: inline-flex;
    align-items: center;
    height: 100%;
    border: none;
    background: none;
    color: inherit;
    cursor: pointer;
    padding: 0 4px 0 10px;
  }
  & > button + button {
    padding: 0 6px 0 2px;
    opacity: 0.7;
  }
  & > button + button:hover {
    opacity: 1;
  }
`;

/** Tabs of opened pages: click to switch, × to close, the menu closes right or others. */
export function TabsBar() {
  const { t } = useTranslation('navigation');
  const names = useCrumbNames();
  const navigate = useNavigate();
  const location = useLocation();
  const current = placeOf(location.pathname);
  const tabs = useNavigationStore((s) => s.tabs);
  const removeTabs = useNavigationStore((s) => s.removeTabs);
  // One tab per place: the tab of this pathname, whatever its filters.
  const activeIndex = tabs.findIndex((tab) => placeOf(tab) === current);

  const remove = (type: TabRemoval, index: number) => {
    const left = removeTabs(type, index);
    // Closing the page on screen moves to its neighbour (or home when none is left).
    if (!left.some((tab) => placeOf(tab) === current) && activeIndex !== -1) {
      navigate(left[Math.min(index, left.length - 1)] ?? '/');
    }
  };

  if (tabs.length === 0) return <Bar />;
  return (
    <Bar>
      <List aria-label={t('tabs')}>
        {tabs.map((path, index) => {
          const title = pageTitleFor(placeOf(path), names, t('segments.home'));
          const active = index === activeIndex;
          return (
            <Tab key={placeOf(path)} $active={active} data-tab={path}>
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                onClick={() => navigate(path)}
              >
                {title}
              </button>
              <button
                type="button"
                aria-label={`${t('closeTab')} ${title}`}
                onClick={() => remove('index', index)}
              >
                <Icon name="close" size={12} />
              </button>
            </Tab>
          );
        })}
      </List>
      <Menu
        label={t('tabs')}
        align="right"
        trigger={<Icon name="chevronDown" size={18} />}
        items={[
          {
            key: 'right',
            label: t('closeRight'),
            disabled: activeIndex === -1 || activeIndex === tabs.length - 1,
            onSelect: () => remove('right', activeIndex),
          },
          {
            key: 'other',
            label: t('closeOthers'),
            disabled: activeIndex === -1 || tabs.length < 2,
            onSelect: () => remove('other', activeIndex),
          },
        ]}
      />
    </Bar>
  );
}
