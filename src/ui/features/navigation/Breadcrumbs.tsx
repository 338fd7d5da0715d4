import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ellipsis, Icon } from '../../components/index.ts';
import { crumbsFor } from './crumbs.ts';
import { useCrumbNames } from './use-segment-label.ts';

const Trail = styled.nav`
  min-width: 0;
  /* One line at every width: a long last crumb (a sample's name) shrinks to an ellipsis first,
     then the others, rather than wrapping under the trail (docs/UI.md "Breadcrumbs"). */
  & ol {
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.font.body};
  }
  & li {
    display: inline-flex;
    align-items: center;
    min-width: 0;
    flex: 0 1 auto;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & li:last-child {
    flex-shrink: 100;
  }
  & li > svg {
    flex: none;
  }
  & li > button,
  & li > span {
    min-width: 0;
    ${ellipsis}
  }
  & button {
    border: none;
    background: none;
    padding: 2px 4px;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.small};
  }
  & button:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
  & [aria-current='page'] {
    padding: 2px 4px;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

/** Breadcrumbs of the current page; a crumb other than the last navigates to its level's page. */
export function Breadcrumbs() {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const crumbs = crumbsFor(pathname, useCrumbNames());
  if (crumbs.length === 0) return null;
  return (
    <Trail aria-label={t('breadcrumb')}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            // By position: a middle crumb may lead where the last one is (/sounds/other →
            // /sounds/other/likes), and a repeated key kept a stale crumb after a language switch.
            <li key={index}>
              {index > 0 && <Icon name="chevronRight" size={14} />}
              {last ? (
                <span aria-current="page" title={crumb.title}>
                  {crumb.title}
                </span>
              ) : (
                <button
                  type="button"
                  title={crumb.title}
                  data-to={crumb.path}
                  onClick={() => navigate(crumb.path)}
                >
                  {crumb.title}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </Trail>
  );
}
