import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, Muted, PageTitle, TextField } from '../../../components/index.ts';
import { useFileDrop } from '../../../components/use-file-drop.ts';
import type { SheetApplied, SheetFormat, SheetPreview } from '../../../../shared/index.ts';
import { HeadRow } from '../admin-parts.tsx';
import { AdminTable, FormRow, Scroll, WideOnly } from '../admin-table.ts';
import { sheetApi, SheetCallError } from './sheet.api.ts';

const Drop = styled.label<{ $over: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  cursor: pointer;
`;
const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: ${({ theme }) => theme.space(2)} 0;
`;
const Narrow = styled(Muted)`
  @media (min-width: 760px) {
    display: none;
  }
`;

/** The preview's two lists: errors row by row, then the changes (each capped by the gateway). */
function PreviewTables({ preview }: { preview: SheetPreview }) {
  const { t } = useTranslation('admin');
  const more = (total: number, listed: number) =>
    total > listed && <Muted>{t('sheet.more', { n: total - listed })}</Muted>;
  return (
    <>
      {preview.errorCount > 0 && (
        <section data-sheet-errors>
          <h3>{t('sheet.errors')}</h3>
          <Scroll>
            <AdminTable>
              <HeadRow labels={[t('sheet.row'), t('sheet.column'), t('sheet.reason')]} />
              <tbody>
                {preview.errors.map((error, i) => (
                  <tr key={i} data-sheet-error={error.code}>
                    <td>{error.row}</td>
                    <td>{error.column ?? '—'}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </Scroll>
          {more(preview.errorCount, preview.errors.length)}
        </section>
      )}
      {preview.changeCount > 0 && (
        <section data-sheet-changes>
          <h3>{t('sheet.changes')}</h3>
          <Scroll>
            <AdminTable>
              <HeadRow
                labels={[
                  t('sheet.row'),
                  t('sheet.sample'),
                  t('sheet.field'),
                  t('sheet.before'),
                  t('sheet.after'),
                ]}
              />
              <tbody>
                {preview.changes.map((change, i) => (
                  <tr key={i} data-sheet-change={`${change.sampleId}:${change.field}`}>
                    <td>{change.row}</td>
                    <td>{change.sampleId}</td>
                    <td>{t(`samples.fields.${change.field}`)}</td>
                    <td>{change.before || '—'}</td>
                    <td>{change.after || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </Scroll>
          {more(preview.changeCount, preview.changes.length)}
        </section>
      )}
    </>
  );
}

/**
 * The metadata spreadsheet (docs/ADMIN.md "Spreadsheet"): export the samples as XLSX or CSV;
 * choose or drop an edited file to see its changes and errors; apply only a preview without
 * errors. The gateway reads the files (no spreadsheet code in the page). Importing needs 760 px.
 */
export function SheetCard() {
  const { t } = useTranslation('admin');
  const [packCode, setPackCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [applied, setApplied] = useState<SheetApplied | null>(null);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      const stale = error instanceof SheetCallError && error.status === 409;
      setProblem({ message: (error as Error).message, stale });
    } finally {
      setBusy(false);
    }
  };
  const check = (chosen: File) =>
    run(async () => {
      setFile(chosen);
      setPreview(null);
      setApplied(null);
      setPreview(await sheetApi.preview(chosen));
    });
  const download = (format: SheetFormat) => run(() => sheetApi.download(format, packCode.trim()));
  const apply = () =>
    run(async () => {
      if (!file || !preview) return;
      setApplied(await sheetApi.apply(file, preview.token));
      setPreview(null);
    });
  const { over, handlers } = useFileDrop((files) => {
    if (files[0]) void check(files[0]);
  });

  return (
    <Card data-admin="sheet">
      <PageTitle>{t('sheet.title')}</PageTitle>
      <Muted>{t('sheet.intro')}</Muted>
      <FormRow>
        <TextField
          label={t('sheet.pack')}
          value={packCode}
          onChange={(event) => setPackCode(event.target.value)}
        />
        <Button size="small" disabled={busy} onClick={() => void download('xlsx')}>
          {t('sheet.exportXlsx')}
        </Button>
        <Button size="small" variant="text" disabled={busy} onClick={() => void download('csv')}>
          {t('sheet.exportCsv')}
        </Button>
      </FormRow>
      {problem && (
        <Problem role="alert">
          {problem.message}{' '}
          {problem.stale && file && (
            <Button size="small" variant="text" onClick={() => void check(file)}>
              {t('sheet.again')}
            </Button>
          )}
        </Problem>
      )}
      <Narrow>{t('sheet.wideOnly')}</Narrow>
      <WideOnly>
        <Drop $over={over} {...handlers}>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('sheet.choose')}
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void check(chosen);
            }}
          />
          <Muted>{t('sheet.drop')}</Muted>
        </Drop>
        {busy && <Muted role="status">{t('sheet.checking')}</Muted>}
        {applied && (
          <Muted role="status" data-sheet-applied>
            {t('sheet.applied', { changes: applied.changeCount, samples: applied.sampleCount })}
          </Muted>
        )}
        {preview && (
          <div data-sheet-preview>
            <Muted>
              {file?.name} —{' '}
              {t('sheet.summary', {
                rows: preview.rows,
                changes: preview.changeCount,
                samples: preview.sampleCount,
                errors: preview.errorCount,
              })}
            </Muted>
            <PreviewTables preview={preview} />
            {preview.errorCount > 0 ? (
              <Problem>{t('sheet.fixFirst')}</Problem>
            ) : preview.changeCount === 0 ? (
              <Muted>{t('sheet.nothing')}</Muted>
            ) : (
              <FormRow>
                <Button disabled={busy} onClick={() => void apply()}>
                  {t('sheet.apply', { n: preview.changeCount })}
                </Button>
              </FormRow>
            )}
          </div>
        )}
      </WideOnly>
    </Card>
  );
}
