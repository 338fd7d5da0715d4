import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Muted, Spinner } from '../../components/index.ts';
import { AdminTable, FormRow, Scroll, WideOnly } from './admin-table.ts';

/** A list's loading state: a spinner until its first answer, a retry after a failure. */
export function LoadStatus(props: {
  load: { loading: boolean; failed: boolean; data: unknown; reload: () => void };
}) {
  const { t } = useTranslation('common');
  const { loading, failed, data, reload } = props.load;
  return (
    <>
      {loading && data === null && <Spinner label={t('status.loading')} />}
      {failed && <Button onClick={reload}>{t('actions.retry')}</Button>}
    </>
  );
}

/** A table's head row of `labels`, and an empty cell for the row actions when `actions`. */
export function HeadRow(props: { labels: string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {props.labels.map((label, index) => (
          <th key={index}>{label}</th>
        ))}
        {props.actions && <th />}
      </tr>
    </thead>
  );
}

/** Previous / page n of m / next; nothing for a single page. */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <FormRow>
      <Button size="small" variant="text" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('samples.previous')}
      </Button>
      <Muted>{t('samples.page', { page, pages })}</Muted>
      <Button size="small" variant="text" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('samples.next')}
      </Button>
    </FormRow>
  );
}

/** An admin list's table, scrolling sideways on narrow screens: its head, then a row per item. */
export function AdminRows<T>(props: {
  head?: ReactNode;
  items: readonly T[];
  row: (item: T) => ReactNode;
}) {
  return (
    <Scroll>
      <AdminTable>
        {props.head}
        <tbody>{props.items.map((item) => props.row(item))}</tbody>
      </AdminTable>
    </Scroll>
  );
}

/** A row's actions, on one line; hidden below 760 px, where the lists are read-only. */
export function ActionsCell(props: { children: ReactNode }) {
  return (
    <td style={{ whiteSpace: 'nowrap' }}>
      <WideOnly>{props.children}</WideOnly>
    </td>
  );
}

/** A row's (or the head's) selection box, named by `label` for screen readers. */
export function RowCheck(props: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      aria-label={props.label}
      checked={props.checked}
      onChange={props.onChange}
    />
  );
}
