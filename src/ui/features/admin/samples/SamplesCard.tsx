import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin.api.ts';
import { Button, Card, Muted, PageTitle, TextField } from '../../../components/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import type { AdminSample, SampleEdit } from '../../../../shared/index.ts';
import { ActionsCell, AdminRows, LoadStatus, Pager, RowCheck } from '../admin-parts.tsx';
import { Chip, FormRow, WideOnly } from '../admin-table.ts';
import { FieldEditor } from './FieldEditor.tsx';
import { shownValue } from './sample-edit.ts';

/** The fields shown as columns after the name. */
const COLUMNS = ['bpm', 'audioKey', 'kind', 'tags'] as const;

/**
 * The samples screen (docs/ADMIN.md "Sample metadata"): find samples by pack and name, edit one field of
 * one sample, or the same field of every selected sample at once. Editing needs 760 px or more.
 */
export function SamplesCard() {
  const { t } = useTranslation(['admin', 'common']);
  const [draft, setDraft] = useState({ packCode: '', keyword: '' });
  const [query, setQuery] = useState({ packCode: '', keyword: '', page: 1 });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useCallback((signal: AbortSignal) => adminApi.samples(query, signal), [query]);
  const samples = useLoad(load);
  const records = samples.data?.records ?? [];
  const search = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setQuery({ packCode: draft.packCode.trim(), keyword: draft.keyword.trim(), page: 1 });
  };
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allChosen = records.length > 0 && records.every((s) => selected.has(s.id));
  const chooseAll = () => setSelected(allChosen ? new Set() : new Set(records.map((s) => s.id)));
  const saved = (count: number) => {
    setNotice(t('samples.saved', { count }));
    setEditing(null);
    samples.reload();
  };
  const editOne = (sample: AdminSample) => async (edit: SampleEdit) => {
    await adminApi.editSample(sample.id, edit).then(
      () => saved(1),
      () => undefined,
    );
  };
  const editSelected = async (edit: SampleEdit) => {
    const ids = [...selected];
    await adminApi.editSamples(ids, edit).then(
      () => saved(ids.length),
      () => undefined,
    );
  };
  const pages = samples.data ? Math.ceil(samples.data.total / samples.data.pageSize) : 0;
  return (
    <Card data-admin="samples">
      <PageTitle>{t('samples.title')}</PageTitle>
      <form onSubmit={search} role="search">
        <FormRow>
          <TextField
            label={t('samples.pack')}
            value={draft.packCode}
            onChange={(event) => setDraft({ ...draft, packCode: event.target.value })}
          />
          <TextField
            label={t('samples.search')}
            type="search"
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
          />
          <Button size="small" type="submit">
            {t('samples.find')}
          </Button>
        </FormRow>
      </form>
      {notice && <Muted role="status">{notice}</Muted>}
      {selected.size > 0 && (
        <WideOnly data-bulk>
          <Muted>{t('samples.selected', { count: selected.size })}</Muted>
          <FieldEditor
            initial={() => ''}
            saveLabel={t('samples.applySelected', { count: selected.size })}
            onSave={editSelected}
          />
        </WideOnly>
      )}
      <LoadStatus load={samples} />
      {samples.data?.total === 0 && <Muted>{t('samples.empty')}</Muted>}
      {records.length > 0 && (
        <AdminRows
          head={
            <thead>
              <tr>
                <th>
                  <RowCheck
                    label={t('samples.selectAll')}
                    checked={allChosen}
                    onChange={chooseAll}
                  />
                </th>
                {[t('samples.name'), ...COLUMNS.map((f) => t(`samples.fields.${f}`)), ''].map(
                  (label, index) => (
                    <th key={index}>{label}</th>
                  ),
                )}
              </tr>
            </thead>
          }
          items={records}
          row={(sample) => (
            <tr key={sample.id} data-sample={sample.id}>
              <td>
                <RowCheck
                  label={t('samples.select', { name: sample.nameEn })}
                  checked={selected.has(sample.id)}
                  onChange={() => toggle(sample.id)}
                />
              </td>
              <td>
                <strong>{sample.nameZh}</strong> · {sample.nameEn}
                <br />
                <Muted>
                  {sample.packCode} · {sample.fileName}
                </Muted>
                {editing === sample.id && (
                  <FieldEditor
                    initial={(field) => shownValue(sample, field)}
                    saveLabel={t('users.save')}
                    onSave={editOne(sample)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </td>
              <td>{sample.bpm ?? '—'}</td>
              <td>{sample.audioKey ?? '—'}</td>
              <td>{t(`samples.kinds.${sample.kind}`)}</td>
              <td>
                {sample.tags.map((tag) => (
                  <Chip key={tag}>{tag}</Chip>
                ))}
              </td>
              <ActionsCell>
                <Button size="small" variant="text" onClick={() => setEditing(sample.id)}>
                  {t('samples.edit')}
                </Button>
              </ActionsCell>
            </tr>
          )}
        />
      )}
      <Pager page={query.page} pages={pages} onPage={(page) => setQuery({ ...query, page })} />
    </Card>
  );
}
