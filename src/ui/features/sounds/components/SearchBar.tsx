import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Icon } from '../../../components/index.ts';
import { useUserInfo } from '../../../stores/session.store.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';
import { searchPath, type SearchTarget } from '../model/list-query.ts';
import { buildSuggestions, suggestionTarget } from '../model/suggestions.ts';

const Wrap = styled.div`
  position: relative;
  width: 100%;
  max-width: 560px;
`;

const Field = styled.div`
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

/**
 * The search bar (SPEC §2): Enter searches the typed text; the suggestion list shows the user's
 * sample types that match (case-insensitive, no duplicates) and the preset groups.
 */
export function SearchBar({ onDone, autoFocus = true }: SearchBarProps) {
  const { t } = useTranslation('sounds');
  const navigate = useNavigate();
  const listId = useId();
  const userInfo = useUserInfo();
  const [text, setText] = useState(() => useSettingsStore.getState().searchText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const groups = useMemo(
    () => buildSuggestions(text, userInfo?.sampleTypes ?? []),
    [text, userInfo],
  );
  const flat = groups.flatMap((group) => group.items.map((item) => ({ group: group.id, item })));
  // Index of each group's first item in `flat`, for the options' ids and the highlighted one.
  const starts = groups.map((_, g) =>
    groups.slice(0, g).reduce((sum, group) => sum + group.items.length, 0),
  );

  const go = (target: SearchTarget) => {
    setOpen(false);
    setActive(-1);
    navigate(searchPath(target));
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
      if (chosen) go(suggestionTarget(chosen.group, chosen.item));
      else if (text.trim()) go({ type: 'keyword', keyword: text });
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Wrap>
      <Field>
        <Icon name="search" size={18} />
        <input
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={open && flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t('search.placeholder')}
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
      </Field>
      {open && flat.length > 0 && (
        <List id={listId} role="listbox" aria-label={t('search.suggestions')}>
          {groups.map((group, g) => (
            <div key={group.id} role="group" aria-label={t(`search.groups.${group.id}`)}>
              <span aria-hidden>{t(`search.groups.${group.id}`)}</span>
              {group.items.map((item, i) => {
                const index = (starts[g] ?? 0) + i;
                return (
                  <div
                    key={item}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      go(suggestionTarget(group.id, item));
                    }}
                  >
                    {item}
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
