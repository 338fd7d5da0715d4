import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SORTS, type SampleKind, type Sort, type TagQuery } from '../../../../shared/index.ts';
import { Button, fieldLabel, Select } from '../../../components/index.ts';
import type { UpdateOptions } from '../hooks/use-list-filters.ts';
import { useDraftField } from '../hooks/use-draft-field.ts';
import { useLoadedCatalogueLabels } from '../model/catalogue-labels.store.ts';
import type { ListFilters } from '../model/list-query.ts';
import { KeyPicker } from './KeyPicker.tsx';
import { TagChips } from './TagChips.tsx';

const Bar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} 0;
  & input[type='number'] {
    width: 80px;
  }
  /* The shared Select grows with flex: 1, which in its column label squeezes it below the inputs. */
  & select {
    flex: none;
  }
`;

const Field = styled.label`
  ${fieldLabel}
  & input {
    height: 36px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
  & input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

/** Widths (px) up to which the filters past the sort fold behind a toggle (a phone). */
const FOLD_MAX = 599;

/**
 * The filters past the sort. Above a phone's width its children sit in the bar as if it were not
 * there; on a phone it shows only while open, so the list starts near the top of the screen.
 */
const Folded = styled.div`
  display: contents;
  @media (max-width: ${FOLD_MAX}px) {
    &:not([data-open]) {
      display: none;
    }
  }
`;

/** Opens the folded filters; a phone's only (above that width they are always shown). */
const FoldToggle = styled(Button)`
  @media (min-width: ${FOLD_MAX + 1}px) {
    display: none;
  }
`;

const Hint = styled.span`
  align-self: center;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Props of FiltersBar. */
interface FiltersBarProps {
  filters: ListFilters;
  sort: Sort | 'RELEVANCE';
  /** Adds RELEVANCE (keyword searches). */
  relevance?: boolean;
  /** The place the list shows, for the tag chips' vocabulary. */
  scope: TagQuery;
  onChange(patch: Partial<ListFilters>, options?: UpdateOptions): void;
  onReset(): void;
}

/** One BPM limit's field: a whole number 1–999, marked invalid while the range is reversed. */
function BpmField({
  label,
  invalid,
  input,
}: {
  label: string;
  invalid: boolean;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <Field>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
        aria-invalid={invalid || undefined}
        {...input}
      />
    </Field>
  );
}

/** A BPM as typed: '' (no limit), an integer 1–999 as text, or null (not a tempo yet). */
function bpmText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 ? String(n) : null;
}

const toBpm = (text: string): number | undefined => (text === '' ? undefined : Number(text));

/**
 * Sort, one-shot/loop, key, BPM range and tags of a list; every change goes into the URL. Typed
 * BPM limits apply after a pause, on Enter and on blur, and stay in their fields while the URL
 * catches up (useDraftField): the bar is never remounted by a filter change.
 */
export function FiltersBar({
  filters,
  sort,
  relevance,
  scope,
  onChange,
  onReset,
}: FiltersBarProps) {
  const { t } = useTranslation('sounds');
  // The bar loads the names rows show their types and tags with.
  useLoadedCatalogueLabels();
  const sorts = relevance ? (['RELEVANCE', ...SORTS] as const) : SORTS;

  // A reversed range waits while typed and is put in order on Enter or blur.
  const applyBpm = (which: 'bpmMin' | 'bpmMax', value: string, other: string, replace: boolean) => {
    const [low, high] = which === 'bpmMin' ? [value, other] : [other, value];
    if (low !== '' && high !== '' && Number(low) > Number(high))
      onChange({ bpmMin: toBpm(high), bpmMax: toBpm(low) }, { replace });
    else onChange({ [which]: toBpm(value) }, { replace });
  };
  const reversed = (low: string, high: string) => {
    const [a, b] = [bpmText(low), bpmText(high)];
    return Boolean(a && b && Number(a) > Number(b));
  };
  const min = useDraftField({
    applied: filters.bpmMin?.toString() ?? '',
    parse: (text, final) => (!final && reversed(text, max.text) ? null : bpmText(text)),
    apply: (value, replace) => applyBpm('bpmMin', value, bpmText(max.text) ?? '', replace),
  });
  const max = useDraftField({
    applied: filters.bpmMax?.toString() ?? '',
    parse: (text, final) => (!final && reversed(min.text, text) ? null : bpmText(text)),
    apply: (value, replace) => applyBpm('bpmMax', value, bpmText(min.text) ?? '', replace),
  });
  const rangeReversed = reversed(min.text, max.text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    min.commit(true);
    max.commit(true);
  };
  const selectedTags = filters.tags ? filters.tags.split(',') : [];
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  // Shown on the toggle, so a folded bar still says that the list is filtered.
  const active =
    Number(filters.kind !== undefined) +
    Number(filters.key !== undefined) +
    Number(filters.bpmMin !== undefined || filters.bpmMax !== undefined) +
    selectedTags.length;
  return (
    <Bar onSubmit={submit} aria-label={t('filters.label')}>
      <Select<Sort | 'RELEVANCE'>
        label={t('filters.sort')}
        aria-label={t('filters.sort')}
        value={sort}
        options={sorts.map((value) => ({ value, label: t(`filters.sorts.${value}`) }))}
        onChange={(value) => onChange({ sort: value === 'RELEVANCE' ? undefined : value })}
      />
      <FoldToggle
        icon="filter"
        aria-expanded={open}
        aria-controls={foldedId}
        onClick={() => setOpen((was) => !was)}
      >
        {active > 0 ? t('filters.foldedActive', { count: active }) : t('filters.folded')}
      </FoldToggle>
      <Folded id={foldedId} data-open={open || undefined}>
        <Select<SampleKind | 'any'>
          label={t('filters.kind')}
          aria-label={t('filters.kind')}
          value={filters.kind ?? 'any'}
          options={(['any', 'oneshot', 'loop'] as const).map((value) => ({
            value,
            label: t(`filters.kinds.${value}`),
          }))}
          onChange={(value) => onChange({ kind: value === 'any' ? undefined : value })}
        />
        <KeyPicker
          value={filters.key}
          match={filters.keyMatch}
          onChange={(key, match) =>
            onChange({ key, keyMatch: key && match !== 'exact' ? match : undefined })
          }
        />
        <BpmField label={t('filters.bpmMin')} invalid={rangeReversed} input={min.inputProps} />
        <BpmField label={t('filters.bpmMax')} invalid={rangeReversed} input={max.inputProps} />
        {rangeReversed && <Hint role="status">{t('filters.bpmReversed')}</Hint>}
        <Button
          type="button"
          variant="text"
          onClick={() => {
            min.setText('');
            max.setText('');
            onReset();
          }}
        >
          {t('filters.reset')}
        </Button>
        <TagChips
          scope={scope}
          selected={selectedTags}
          onChange={(tags) => onChange({ tags: tags.join(',') || undefined })}
        />
      </Folded>
    </Bar>
  );
}
