import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, Muted, PageTitle, Select } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { LoadStatus } from '../admin-parts.tsx';
import { AdminTable, FormRow } from '../admin-table.ts';
import { fetchInsight } from './insight.api.ts';
import { InsightChart } from './InsightChart.tsx';

const SPANS = ['7', '30', '90', '365'] as const;

const Lists = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  & h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.body};
  }
  & td:last-child,
  & th:last-child {
    text-align: right;
    white-space: nowrap;
  }
  & td:first-child {
    word-break: break-word;
  }
`;

/** One ranked list: a label column and a figure column, or a muted note when empty. */
function Ranked(props: {
  id: string;
  title: string;
  head: [string, string];
  rows: { label: string; figure: string }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <section data-insight={props.id}>
      <h3>{props.title}</h3>
      {props.rows.length === 0 ? (
        <Muted>{t('insight.none')}</Muted>
      ) : (
        <AdminTable>
          <thead>
            <tr>
              <th>{props.head[0]}</th>
              <th>{props.head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.label}>
                <td>{row.label}</td>
                <td>{row.figure}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

/** Insight (docs/ADMIN.md): plays and downloads per day, top searches, misses, top packs. */
export function InsightCard() {
  const { t } = useTranslation('admin');
  const [span, setSpan] = useState<(typeof SPANS)[number]>('30');
  const load = useCallback((signal: AbortSignal) => fetchInsight(Number(span), signal), [span]);
  const report = useLoad(load);
  const data = report.data;
  const searchRows = (list: { keyword: string; count: number }[]) =>
    list.map((s) => ({ label: s.keyword, figure: String(s.count) }));
  return (
    <Card data-admin="insight">
      <PageTitle>{t('insight.title')}</PageTitle>
      <FormRow>
        <Select
          label={t('insight.span')}
          value={span}
          onChange={setSpan}
          options={SPANS.map((value) => ({ value, label: t('insight.days', { count: +value }) }))}
        />
      </FormRow>
      <LoadStatus load={report} />
      {data && (
        <>
          <InsightChart days={data.perDay} />
          <Lists>
            <Ranked
              id="searches"
              title={t('insight.searches')}
              head={[t('insight.keyword'), t('insight.count')]}
              rows={searchRows(data.searches)}
            />
            <Ranked
              id="zero"
              title={t('insight.zeroResults')}
              head={[t('insight.keyword'), t('insight.count')]}
              rows={searchRows(data.zeroResults)}
            />
            <Ranked
              id="packs"
              title={t('insight.packs')}
              head={[t('insight.pack'), t('insight.playsDownloads')]}
              rows={data.packs.map((p) => ({
                label: p.name || p.packCode,
                figure: `${p.plays} / ${p.downloads}`,
              }))}
            />
          </Lists>
        </>
      )}
    </Card>
  );
}
