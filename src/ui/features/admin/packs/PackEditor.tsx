import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Muted, Select, TextField } from '../../../components/index.ts';
import {
  API,
  CATEGORIES,
  COVER_TYPES,
  PACK_EDIT_LIMITS,
  type AdminPack,
  type Category,
  type PackEdit,
} from '../../../../shared/index.ts';
import { apiBase } from '../../../api/api-config.ts';
import { Chip, FormRow } from '../admin-table.ts';
import { packEditApi } from './pack-edit.api.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin: ${({ theme }) => theme.space(3)} 0;
`;

const Cover = styled.img`
  width: 96px;
  height: 96px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The form's texts: every field as typed (tags comma-separated). */
type Draft = Record<
  | 'nameZh'
  | 'nameEn'
  | 'brand'
  | 'category'
  | 'primaryName'
  | 'secondaryName'
  | 'descriptionZh'
  | 'descriptionEn'
  | 'tags',
  string
>;

const draftOf = (pack: AdminPack): Draft => ({
  nameZh: pack.nameZh,
  nameEn: pack.nameEn,
  brand: pack.brand,
  category: pack.category,
  primaryName: pack.primaryName,
  secondaryName: pack.secondaryNames.length === 1 ? pack.secondaryNames[0]! : '',
  descriptionZh: pack.descriptionZh,
  descriptionEn: pack.descriptionEn,
  tags: pack.tags.join(', '),
});

const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(/[,，]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/** The fields of `draft` that differ from `pack`, as the edit the gateway takes. */
function changes(pack: AdminPack, draft: Draft): PackEdit {
  const before = draftOf(pack);
  const edit: Record<string, unknown> = {};
  for (const field of Object.keys(draft) as (keyof Draft)[]) {
    if (draft[field].trim() === before[field].trim()) continue;
    if (field === 'tags') edit.tags = tagsOf(draft.tags);
    else if (field !== 'secondaryName' || draft.secondaryName.trim()) edit[field] = draft[field];
  }
  return edit as PackEdit;
}

/**
 * One pack's fields, cover, publication and deletion on the Packs screen (docs/ADMIN.md "Packs").
 * Below 760 px (`editable` false) it only shows them.
 */
export function PackEditor(props: { packCode: string; editable: boolean; onDeleted(): void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { packCode, editable } = props;
  const [pack, setPack] = useState<AdminPack | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    packEditApi.read(packCode, abort.signal).then(
      (found) => {
        setPack(found);
        setDraft(draftOf(found));
      },
      (failure: Error) => !abort.signal.aborted && setError(failure.message),
    );
    return () => abort.abort();
  }, [packCode]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const run = async (work: () => Promise<AdminPack | null>) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const next = await work();
      if (next) {
        setPack(next);
        setDraft(draftOf(next));
        setSaved(true);
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!pack || !draft) return error ? <p role="alert">{error}</p> : null;

  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => d && { ...d, [field]: event.target.value });
  const edit = changes(pack, draft);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(edit).length > 0) void run(() => packEditApi.edit(packCode, edit));
  };
  const chooseCover = (file: File | undefined) => {
    if (!file) return;
    if (file.size > PACK_EDIT_LIMITS.coverBytes) {
      setError(t('packs.edit.coverTooBig'));
      return;
    }
    setPreview(URL.createObjectURL(file));
    void run(() => packEditApi.cover(packCode, file));
  };
  const remove = () => {
    if (!window.confirm(t('packs.edit.confirmDelete', { pack: pack.nameZh || pack.code }))) return;
    void run(async () => {
      await packEditApi.remove(packCode);
      props.onDeleted();
      return null;
    });
  };
  const coverUrl =
    preview ?? (pack.coverType ? new URL(API.packCover(pack.code).slice(1), apiBase()).href : null);
  const text = (field: keyof Draft, label: string, max: number) => (
    <TextField
      label={label}
      value={draft[field]}
      onChange={set(field)}
      maxLength={max}
      readOnly={!editable}
      data-pack-field={field}
    />
  );
  const { name, description } = PACK_EDIT_LIMITS;
  return (
    <section data-pack-editor={pack.code} aria-busy={busy}>
      <Head>
        {coverUrl && <Cover src={coverUrl} alt={t('packs.edit.cover')} data-cover-preview />}
        <div>
          <strong>{pack.nameZh}</strong> · {pack.nameEn}
          <br />
          <Chip data-published={pack.published}>
            {pack.published ? t('packs.edit.published') : t('packs.edit.unpublished')}
          </Chip>{' '}
          <Muted>
            {t('packs.edit.counts', { samples: pack.sampleCount, holders: pack.acquiredBy })}
          </Muted>
        </div>
      </Head>
      <form onSubmit={save} data-pack-fields>
        <Grid>
          {text('nameZh', t('packs.edit.nameZh'), name)}
          {text('nameEn', t('packs.edit.nameEn'), name)}
          {text('brand', t('packs.fields.brand'), name)}
          <Select<Category>
            label={t('packs.edit.category')}
            value={draft.category as Category}
            disabled={!editable}
            onChange={(value) => setDraft((d) => d && { ...d, category: value })}
            options={CATEGORIES.map((value) => ({
              value,
              label: t(`packs.edit.categories.${value}`),
            }))}
          />
          {text('primaryName', t('packs.fields.primary'), name)}
          {text('secondaryName', t('packs.fields.secondary'), name)}
          {text('descriptionZh', t('packs.edit.descriptionZh'), description)}
          {text('descriptionEn', t('packs.edit.descriptionEn'), description)}
          {text('tags', t('packs.edit.tags'), 1000)}
        </Grid>
        {editable && (
          <FormRow>
            <Button
              type="submit"
              variant="primary"
              disabled={Object.keys(edit).length === 0}
              loading={busy}
            >
              {t('packs.edit.save')}
            </Button>
            <label>
              {t('packs.edit.coverPick')}{' '}
              <input
                type="file"
                accept={COVER_TYPES.join(',')}
                data-pick="cover"
                onChange={(event) => chooseCover(event.target.files?.[0])}
              />
            </label>
            <Button
              type="button"
              data-publish
              onClick={() =>
                void run(() => packEditApi.edit(packCode, { published: !pack.published }))
              }
            >
              {pack.published ? t('packs.edit.unpublish') : t('packs.edit.publish')}
            </Button>
            <Button type="button" variant="text" data-delete-pack onClick={remove}>
              {t('packs.edit.delete')}
            </Button>
          </FormRow>
        )}
      </form>
      {saved && <Muted role="status">{t('packs.edit.saved')}</Muted>}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
