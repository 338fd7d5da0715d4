import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { InsightDay } from '../../../../shared/api/insight.types.ts';

const Chart = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 2px;
  height: 120px;
  padding-bottom: 2px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Day = styled.div`
  flex: 1 1 0;
  min-width: 0;
  height: 100%;
  display: flex;
  align-items: flex-end;
  gap: 1px;
`;

const Bar = styled.div<{ $tone: 'plays' | 'downloads' }>`
  flex: 1 1 0;
  min-height: 1px;
  border-radius: 2px 2px 0 0;
  background: ${({ theme, $tone }) =>
    $tone === 'plays' ? theme.colors.primary : theme.colors.success};
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Legend = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.small};
  & span::before {
    content: '';
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-right: 4px;
    border-radius: 2px;
  }
  & span:first-child::before {
    background: ${({ theme }) => theme.colors.primary};
  }
  & span:last-child::before {
    background: ${({ theme }) => theme.colors.success};
  }
`;

/** Plays and downloads per day as CSS bars (no chart library: it would weigh more than the page). */
export function InsightChart({ days }: { days: InsightDay[] }) {
  const { t } = useTranslation('admin');
  const top = Math.max(1, ...days.flatMap((d) => [d.plays, d.downloads]));
  const total = (key: 'plays' | 'downloads') => days.reduce((sum, d) => sum + d[key], 0);
  const height = (n: number) => `${(100 * n) / top}%`;
  return (
    <figure style={{ margin: 0 }} data-insight="chart">
      <Legend>
        <span>{t('insight.plays', { count: total('plays') })}</span>
        <span>{t('insight.downloads', { count: total('downloads') })}</span>
      </Legend>
      <Chart role="img" aria-label={t('insight.chartLabel')}>
        {days.map((d) => (
          <Day key={d.date} title={t('insight.dayTip', { ...d })} data-date={d.date}>
            <Bar $tone="plays" style={{ height: height(d.plays) }} />
            <Bar $tone="downloads" style={{ height: height(d.downloads) }} />
          </Day>
        ))}
      </Chart>
      <Axis>
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </Axis>
    </figure>
  );
}
