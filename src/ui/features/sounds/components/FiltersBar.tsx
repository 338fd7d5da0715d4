import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  MUSICAL_KEYS,
  SORTS,
  type MusicalKey,
  type SampleKind,
  type Sort,
} from '../../../../shared/index.ts';
import { Button, Select } from '../../../components/index.ts';
import type { ListFilters } from '../model/list-query.ts';

const Bar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} 0;
  & input[type='number'] {
    width: 80px;
  }
`;

const Field = styled.label`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
  & input {
    height: 36px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Props of FiltersBar. */
export interface FiltersBarProps {
  filters: ListFilters;
  sort: Sort | 'RELEVANCE';
  /** Adds RELEVANCE (keyword searches). */
  relevance?: boolean;
  onChange(patch: Partial<ListFilters>): void;
  onReset(): void;
}

/** Sort, kind, key, BPM range and tags of a list; every change goes into the URL. */
export function FiltersBar({ filters, sort, relevance, onChange, onReset }: FiltersBarProps) {
  const { t } = useTranslation('sounds');
  const [bpmMin, setBpmMin] = useState(filters.bpmMin?.toString() ?? '');
  const [bpmMax, setBpmMax] = useState(filters.bpmMax?.toString() ?? '');
  const [tags, setTags] = useState(filters.tags ?? '');
  const sorts = relevance ? (['RELEVANCE', ...SORTS] as const) : SORTS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : undefined);
    onChange({ bpmMin: number(bpmMin), bpmMax: number(bpmMax), tags: tags.trim() || undefined });
  };
  return (
    <Bar onSubmit={submit}>
      <Select<Sort | 'RELEVANCE'>
        label={t('filters.sort')}
        aria-label={t('filters.sort')}
        value={sort}
        options={sorts.map((value) => ({ value, label: t(`filters.sorts.${value}`) }))}
        onChange={(value) => onChange({ sort: value === 'RELEVANCE' ? undefined : value })}
      />
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
      <Select<MusicalKey | 'any'>
        label={t('filters.key')}
        aria-label={t('filters.key')}
        value={filters.key ?? 'any'}
        options={[
          { value: 'any' as const, label: t('filters.anyKey') },
          ...MUSICAL_KEYS.map((value) => ({ value, label: value })),
        ]}
        onChange={(value) => onChange({ key: value === 'any' ? undefined : value })}
      />
      <Field>
        {t('filters.bpmMin')}
        <input
          type="number"
          min={1}
          max={999}
          value={bpmMin}
          onChange={(e) => setBpmMin(e.target.value)}
          onBlur={submit}
        />
      </Field>
      <Field>
        {t('filters.bpmMax')}
        <input
          type="number"
          min={1}
          max={999}
          value={bpmMax}
          onChange={(e) => setBpmMax(e.target.value)}
          onBlur={submit}
        />
      </Field>
      <Field>
        {t('filters.tags')}
        <input value={tags} onChange={(e) => setTags(e.target.value)} onBlur={submit} />
      </Field>
      <Button
        type="button"
        variant="text"
        onClick={() => {
          setBpmMin('');
          setBpmMax('');
          setTags('');
          onReset();
        }}
      >
        {t('filters.reset')}
      </Button>
    </Bar>
  );
}
