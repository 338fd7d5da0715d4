import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton } from '../components/index.ts';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  height: 56px;
  padding: 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: 700;
  font-size: 18px;
`;

const Frame = styled.div`
  display: flex;
  flex: 1;
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  width: 200px;
  padding: ${({ theme }) => theme.space(4)};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  @media (max-width: 959px) {
    display: none;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
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
      <Bar>
        <span>{t('appName')}</span>
      </Bar>
      <Frame>
        <Side>
          {[60, 80, 70, 75].map((width) => (
            <Skeleton key={width} $width={`${width}%`} />
          ))}
        </Side>
        <Main>
          <Skeleton $width="180px" $height="24px" />
          <Skeleton $width="320px" />
          <Rows>
            {Array.from({ length: SHELL_ROWS }, (_, i) => (
              <Skeleton key={i} data-skeleton $height="40px" />
            ))}
          </Rows>
        </Main>
      </Frame>
    </Shell>
  );
}
