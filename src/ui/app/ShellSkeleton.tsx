import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton } from '../components/index.ts';

// One grid for the whole shell: the top bar across, the sidebar (wide screens) and the page.
const Shell = styled.div`
  display: grid;
  grid-template: 56px 1fr / 200px 1fr;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  & > * {
    border-color: ${({ theme }) => theme.colors.border};
    border-style: solid;
    border-width: 0;
  }
  & > :first-child {
    grid-column: 1 / -1;
    display: flex;
    align-items: center;
    padding-inline: ${({ theme }) => theme.space(4)};
    border-bottom-width: 1px;
    font-weight: 700;
    font-size: 18px;
  }
  & > :first-child,
  & > :nth-child(2) {
    background: ${({ theme }) => theme.colors.surface};
  }
  & > :nth-child(2) {
    border-right-width: 1px;
  }
  & > :nth-child(2),
  & > :last-child {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(4)};
  }
  @media (max-width: 959px) {
    grid-template-columns: 1fr;
    & > :nth-child(2) {
      display: none;
    }
  }
`;

/** Skeleton rows of the page: the height of sample rows, drawn without the row code. */
const SHELL_ROWS = 8;

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-top: ${({ theme }) => theme.space(2)};
`;

/**
 * What the first load shows while the root loader fetches the profile and the page's code: the
 * shell's shape (top bar, sidebar, a page with skeleton rows) instead of a blank page.
 */
export function ShellSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Shell role="status" aria-busy="true" aria-label={t('status.loading')}>
      <div>{t('appName')}</div>
      <div>
        {[60, 80, 70, 75].map((width) => (
          <Skeleton key={width} $width={`${width}%`} />
        ))}
      </div>
      <div>
        <Skeleton $width="180px" $height="24px" />
        <Skeleton $width="320px" />
        <Rows>
          {Array.from({ length: SHELL_ROWS }, (_, i) => (
            <Skeleton key={i} data-skeleton $height="40px" />
          ))}
        </Rows>
      </div>
    </Shell>
  );
}
