import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { SearchSuggestion } from '../../../../shared/index.ts';
import { catalogueApi } from '../../../api/catalogue.api.ts';
import { Icon } from '../../../components/index.ts';
import { useLayoutStore } from '../../../stores/layout.store.ts';
import { useUserInfo } from '../../../stores/session.store.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';
import { useSoundDrop } from '../hooks/use-sound-drop.ts';
import { searchPath } from '../model/list-query.ts';
import {
  buildSuggestions,
  remoteGroups,
  remotePath,
  suggestionTarget,
} from '../model/suggestions.ts';
import { SoundFileButton } from './SoundFileButton.tsx';

const Wrap = styled.div`
  position: relative;
  width: 100%;
  max-width: 560px;
`;

const Field = styled.div<{ $over: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 18px;
  background: ${({ theme }) => theme.colors.surface};
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  /* A file dragged over it: the bar says what a drop does, in the main colour. */
  ${({ $over, theme }) =>
    $over && `border: 2px dashed ${theme.colors.primary}; background: ${theme.colors.primarySoft};`}
  & input {
    flex: 1;
    min-width: 0;
    border: none;
    outline: none;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.font.body};
  }
`;

/** Over the field while a file is dragged over the bar: what a drop does. */
const DropHint = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: 18px;
  /* The soft main colour is translucent: laid over the surface so the field's text is hidden. */
  background:
    linear-gradient(
      ${({ theme }) => theme.colors.primarySoft},
      ${({ theme }) => theme.colors.primarySoft}
    ),
    ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  pointer-events: none;
  white-space: nowrap;
  overflow: hidden;
`;

const List = styled.div`
  position: absolute;
  z-index: ${({ theme }) => theme.z.popup};
  top: 40px;
  left: 0;
  right: 0;
  max-height: 360px;
  overflow: auto;
  padding: ${({ theme }) => theme.space(2)} 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  & [role='group'] > span {
    display: block;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  & [role='option'] {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
    cursor: pointer;
  }
  & [role='option'] small {
    margin-left: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & [role='option'][aria-selected='true'],
  & [role='option']:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

/** Props of SearchBar. */
export interface SearchBarProps {
  /** Called after a search was started (the layout may hide the bar). */
  onDone?: () => void;
  autoFocus?: boolean;
}

/** Wait after the last keystroke before asking the gateway for suggestions (ms). */
const SUGGEST_DELAY_MS = 150;

/** One option of the list: what it shows and where it leads. */
interface Option {
  key: string;
  label: string;
  alt?: string | null;
  path: string;
}

/** The gateway's suggestions for the typed text, fetched after a short pause (none when empty). */
function useRemoteSuggestions(text: string): SearchSuggestion[] {
  const [answer, setAnswer] = useState<{ text: string; items: SearchSuggestion[] }>({
    text: '',
    items: [],
  });
  const typed = text.trim();
  useEffect(() => {
    if (!typed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      catalogueApi.suggest(typed, controller.signal).then(
        (items) => setAnswer({ text: typed, items }),
        () => {
          // Suggestions are a hint: without them the typed text still searches.
        },
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);
  return typed && answer.text === typed ? answer.items : [];
}

/**
 * The search bar (docs/PRODUCT.md §2): Enter searches the typed text. The list shows the user's sample types
 * that match (case-insensitive, no duplicates) and the preset groups in the user's language, then
 * the gateway's suggestions over instruments, genres, tags, packs and brands in both languages.
 * `/` or Ctrl/Cmd+K focuses it from any page. An audio file dropped on it, or picked with its
 * file button, searches by sound (docs/SOUNDS.md, "Search by sound").
 */
export function SearchBar({ onDone, autoFocus = true }: SearchBarProps) {
  const { t } = useTranslation('sounds');
  const navigate = useNavigate();
  const listId = useId();
  const userInfo = useUserInfo();
  const input = useRef<HTMLInputElement>(null);
  const focusRequest = useLayoutStore((s) => s.searchFocus);
  const [text, setText] = useState(() => useSettingsStore.getState().searchText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const local = useMemo(
    () => buildSuggestions(text, userInfo?.sampleTypes ?? []),
    [text, userInfo],
  );
  const remote = useRemoteSuggestions(text);
  // A search by sound closes the list like any search, and lets the layout hide the bar.
  const searched = () => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    onDone?.();
  };
  const drop = useSoundDrop(searched);
  const groups = useMemo(() => {
    const localGroups = local.map((group) => ({
      id: group.id,
      title: t(`search.groups.${group.id}`),
      items: group.items.map((item): Option => ({
        key: `${group.id}:${item}`,
        label: group.id === 'yours' ? item : t(`search.presets.${item}`, { defaultValue: item }),
        path: searchPath(suggestionTarget(group.id, item)),
      })),
    }));
    const shown = local.flatMap((group) => group.items);
    // Suggestions for a corrected typo say what they were found for ("kik": 你是不是要找“kick”).
    const corrected = remote[0]?.corrected;
    const serverGroups = remoteGroups(remote, shown).map((group, g) => ({
      id: group.kind,
      title:
        corrected && g === 0
          ? `${t('search.didYouMean', { text: corrected })} · ${t(`search.kinds.${group.kind}`)}`
          : t(`search.kinds.${group.kind}`),
      items: group.items.map((item): Option => ({
        key: `${item.kind}:${item.packCode ?? item.primaryName ?? ''}:${item.keyword}`,
        label: item.label,
        alt: item.alt,
        path: remotePath(item),
      })),
    }));
    return [...localGroups, ...serverGroups];
  }, [local, remote, t]);
  const flat = groups.flatMap((group) => group.items);
  // Index of each group's first item in `flat`, for the options' ids and the highlighted one.
  const starts = groups.map((_, g) =>
    groups.slice(0, g).reduce((sum, group) => sum + group.items.length, 0),
  );

  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
    onDone?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (flat.length === 0 ? -1 : (index + step + flat.length) % flat.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = open ? flat[active] : undefined;
      if (chosen) go(chosen.path);
      else if (text.trim()) go(searchPath({ type: 'keyword', keyword: text }));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Wrap>
      <Field $over={drop.over} {...drop.handlers} data-drop-over={drop.over || undefined}>
        <Icon name="search" size={18} />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={open && flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-keyshortcuts="/ Control+K Meta+K"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t('search.placeholder')}
          title={t('search.shortcut')}
          autoFocus={autoFocus}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            useSettingsStore.getState().set('searchText', event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <SoundFileButton onSearched={searched} />
        {drop.over && (
          <DropHint role="status">
            <Icon name="upload" size={18} />
            {t('soundSearch.drop')}
          </DropHint>
        )}
      </Field>
      {open && flat.length > 0 && !drop.over && (
        <List id={listId} role="listbox" aria-label={t('search.suggestions')}>
          {groups.map((group, g) => (
            <div key={group.id} role="group" aria-label={group.title}>
              <span aria-hidden>{group.title}</span>
              {group.items.map((item, i) => {
                const index = (starts[g] ?? 0) + i;
                return (
                  <div
                    key={item.key}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      go(item.path);
                    }}
                  >
                    {item.label}
                    {item.alt && <small>{item.alt}</small>}
                  </div>
                );
              })}
            </div>
          ))}
        </List>
      )}
    </Wrap>
  );
}
