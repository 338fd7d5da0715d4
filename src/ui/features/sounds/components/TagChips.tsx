import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { TagCount, TagQuery } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { useLanguage } from '../hooks/use-language.ts';

/** Tags shown before "more": the most used of the scope (chosen ones always show). */
const FIRST_TAGS = 12;

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  flex-basis: 100%;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
  & button {
    height: 26px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 13px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
  & button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
  }
  & button[data-more] {
    border-style: dashed;
  }
`;

/** Props of TagChips. */
interface TagChipsProps {
  /** The place the list shows: its tags and counts are offered. */
  scope: TagQuery;
  selected: string[];
  onChange(tags: string[]): void;
}

/** The tag filter: chips of the scope's vocabulary with counts, chosen ones pressed. */
export function TagChips({ scope, selected, onChange }: TagChipsProps) {
  const { t } = useTranslation('sounds');
  const language = useLanguage();
  const [tags, setTags] = useState<TagCount[]>([]);
  const [open, setOpen] = useState(false);
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    catalogueApi
      .tags(JSON.parse(scopeKey) as TagQuery, controller.signal)
      .then(setTags)
      .catch(() => {});
    return () => controller.abort();
  }, [scopeKey]);
  const chosen = new Set(selected);
  // Tags stored in two spellings (hi-hat, hihat) share a name: one chip, the chosen or most used.
  const named = new Map<string, TagCount>();
  for (const tag of tags) {
    const name = tag.names[language] || tag.tag;
    const seen = named.get(name);
    if (!seen || (chosen.has(tag.tag) && !chosen.has(seen.tag))) named.set(name, tag);
  }
  const distinct = [...named.values()];
  // A chosen tag the scope does not carry (a shared link) still shows, so it can be removed.
  const known = new Set(tags.map((tag) => tag.tag));
  const missing = selected
    .filter((tag) => !known.has(tag))
    .map((tag) => ({ tag, names: { zh: tag, en: tag }, count: 0 }));
  const shown = open
    ? distinct
    : distinct.filter((tag, i) => i < FIRST_TAGS || chosen.has(tag.tag));
  const toggle = (tag: string) =>
    onChange(chosen.has(tag) ? selected.filter((s) => s !== tag) : [...selected, tag]);
  if (tags.length === 0 && missing.length === 0) return null;
  return (
    <Group role="group" aria-label={t('filters.tags')}>
      <span>{t('filters.tags')}</span>
      {[...missing, ...shown].map((tag) => (
        <button
          key={tag.tag}
          type="button"
          aria-pressed={chosen.has(tag.tag)}
          onClick={() => toggle(tag.tag)}
        >
          {tag.names[language] || tag.tag}
          {tag.count > 0 && ` · ${tag.count}`}
        </button>
      ))}
      {distinct.length > FIRST_TAGS && (
        <button type="button" data-more aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('filters.fewerTags') : t('filters.moreTags', { count: distinct.length })}
        </button>
      )}
    </Group>
  );
}
