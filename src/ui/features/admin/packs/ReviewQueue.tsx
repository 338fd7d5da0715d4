import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Muted, Spinner } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import type { ReviewFinding } from '../../../../shared/index.ts';
import { RowCheck } from '../admin-parts.tsx';
import { AdminTable, Chip, Scroll } from '../admin-table.ts';
import { reviewApi } from './packs.api.ts';

/** The codes whose finding has a fix on the gateway (docs/api/admin.md "Review"). */
const FIXABLE = new Set(['LEADING_SILENCE', 'DC_OFFSET', 'TEMPO_MISMATCH', 'KEY_MISMATCH']);

type Action = 'accept' | 'fix' | 'reject';

/** Runs one action on one finding. */
const act = (finding: ReviewFinding, action: Action): Promise<ReviewFinding> =>
  action === 'fix'
    ? reviewApi.fix(finding.id)
    : reviewApi.setStatus(finding.id, action === 'accept' ? 'accepted' : 'rejected');

/** The measurements of a finding on one line (`detectedBpm 93 · declaredBpm 120`). */
const describe = (detail: ReviewFinding['detail']) =>
  Object.entries(detail)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(' · ');

/**
 * A pack's review queue: each finding with accept / fix / reject, and the same actions on a
 * selection (each finding its own call, so one that fails leaves the others done). Read-only
 * below 760 px: the actions hide, the list stays.
 */
export function ReviewQueue(props: { packCode: string; editable: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const { packCode } = props;
  const load = useCallback((signal: AbortSignal) => reviewApi.list(packCode, signal), [packCode]);
  const findings = useLoad(load);
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const run = async (targets: ReviewFinding[], action: Action) => {
    setError(null);
    const results = await Promise.allSettled(targets.map((finding) => act(finding, action)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) setError((failed.reason as Error).message);
    setSelected([]);
    findings.reload();
  };
  const list = findings.data ?? [];
  const open = list.filter((finding) => finding.status === 'open');
  const chosen = open.filter((finding) => selected.includes(finding.id));
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <section data-review-queue={packCode}>
      <h3>{t('packs.queue.title')}</h3>
      {findings.loading && !findings.data && <Spinner label={t('common:status.loading')} />}
      {findings.failed && <Button onClick={findings.reload}>{t('common:actions.retry')}</Button>}
      {findings.data && list.length === 0 && <Muted>{t('packs.queue.empty')}</Muted>}
      {error && <p role="alert">{error}</p>}
      {props.editable && open.length > 0 && (
        <div data-batch>
          <Muted>{t('packs.queue.selected', { count: chosen.length })}</Muted>{' '}
          {(['accept', 'fix', 'reject'] as const).map((action) => (
            <Button
              key={action}
              size="small"
              variant="secondary"
              disabled={
                chosen.length === 0 ||
                (action === 'fix' && chosen.some((finding) => !FIXABLE.has(finding.code)))
              }
              onClick={() => void run(chosen, action)}
            >
              {t(`packs.queue.${action}`)}
            </Button>
          ))}
        </div>
      )}
      {list.length > 0 && (
        <Scroll>
          <AdminTable>
            <thead>
              <tr>
                {props.editable && <th />}
                <th>{t('packs.queue.file')}</th>
                <th>{t('packs.queue.code')}</th>
                <th>{t('packs.queue.detail')}</th>
                <th>{t('packs.queue.status')}</th>
                {props.editable && <th />}
              </tr>
            </thead>
            <tbody>
              {list.map((finding) => (
                <tr key={finding.id} data-finding={finding.code} data-file={finding.fileName}>
                  {props.editable && (
                    <td>
                      {finding.status === 'open' && (
                        <RowCheck
                          label={t('packs.queue.select', { file: finding.fileName })}
                          checked={selected.includes(finding.id)}
                          onChange={() => toggle(finding.id)}
                        />
                      )}
                    </td>
                  )}
                  <td>{finding.fileName}</td>
                  <td>
                    <Chip title={finding.code} style={{ whiteSpace: 'nowrap' }}>
                      {t(`packs.codes.${finding.code}`, finding.code)}
                    </Chip>
                  </td>
                  <td>
                    <Muted>{describe(finding.detail)}</Muted>
                  </td>
                  <td data-status={finding.status} style={{ whiteSpace: 'nowrap' }}>
                    {t(`packs.queue.states.${finding.status}`)}
                  </td>
                  {props.editable && (
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {finding.status === 'open' &&
                        (['accept', 'fix', 'reject'] as const)
                          .filter((action) => action !== 'fix' || FIXABLE.has(finding.code))
                          .map((action) => (
                            <Button
                              key={action}
                              size="small"
                              variant="text"
                              onClick={() => void run([finding], action)}
                            >
                              {t(`packs.queue.${action}`)}
                            </Button>
                          ))}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </Scroll>
      )}
    </section>
  );
}
