import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin.api.ts';
import { Card, Muted, PageTitle, Select } from '../../components/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { AUDIT_KINDS, type AuditKind } from '../../../shared/index.ts';
import { AdminRows, HeadRow, LoadStatus, Pager } from './admin-parts.tsx';
import { FormRow } from './admin-table.ts';

/** The audit log: who, when, what, before → after, newest first, of one kind or all. */
export function AuditCard() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => adminApi.audit(kind, page, signal),
    [kind, page],
  );
  const log = useLoad(load);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <Card data-admin="audit">
      <PageTitle>{t('audit.title')}</PageTitle>
      <FormRow>
        <Select
          label={t('audit.kind')}
          value={kind}
          onChange={(next) => {
            setKind(next);
            setPage(1);
          }}
          options={[
            { value: '', label: t('audit.allKinds') },
            ...AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit.kinds.${k}`) })),
          ]}
        />
      </FormRow>
      <LoadStatus load={log} />
      {log.data?.total === 0 && <Muted>{t('audit.empty')}</Muted>}
      {log.data && log.data.records.length > 0 && (
        <AdminRows
          head={
            <HeadRow
              labels={(['when', 'who', 'what', 'change'] as const).map((key) => t(`audit.${key}`))}
            />
          }
          items={log.data.records}
          row={(entry) => (
            <tr key={entry.id} data-audit={entry.action}>
              <td style={{ whiteSpace: 'nowrap' }}>
                {new Date(entry.at).toLocaleString(i18n.language)}
              </td>
              <td>{entry.actorEmail || `#${entry.actorId}`}</td>
              <td>
                <code>{entry.action}</code>
                <br />
                <Muted>{entry.target}</Muted>
              </td>
              <td style={{ wordBreak: 'break-word' }}>
                <code>{entry.before ?? '—'}</code> → <code>{entry.after ?? '—'}</code>
              </td>
            </tr>
          )}
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Card>
  );
}
