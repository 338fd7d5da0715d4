import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { QuotedItem } from './credit-prompt.store.ts';

const Options = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  & label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    cursor: pointer;
  }
`;

const Picks = styled.ul`
  max-height: 220px;
  overflow: auto;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  & li {
    padding: 2px 0;
  }
  & label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** How a short balance picks its files: the first N of the list, or the ones the user ticks. */
export type ChoiceMode = 'first' | 'pick';

/** Props of CreditChoice. */
interface CreditChoiceProps {
  items: readonly QuotedItem[];
  /** How many files the balance covers. */
  limit: number;
  mode: ChoiceMode;
  picked: ReadonlySet<number>;
  onMode(mode: ChoiceMode): void;
  onPicked(picked: Set<number>): void;
}

/**
 * The part of a download a short balance covers (issue 30 §4): the first N files, or the ones
 * ticked (no more than N can be ticked).
 */
export function CreditChoice({ items, limit, mode, picked, onMode, onPicked }: CreditChoiceProps) {
  const { t } = useTranslation('downloads');
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (!next.delete(id)) next.add(id);
    onPicked(next);
  };
  return (
    <Options aria-label={t('credits.partial.legend')}>
      <label>
        <input type="radio" checked={mode === 'first'} onChange={() => onMode('first')} />
        {t('credits.partial.first', { count: limit })}
      </label>
      <label>
        <input type="radio" checked={mode === 'pick'} onChange={() => onMode('pick')} />
        {t('credits.partial.pick', { count: limit })}
      </label>
      {mode === 'pick' && (
        <>
          <span role="status">{t('credits.partial.picked', { picked: picked.size, limit })}</span>
          <Picks aria-label={t('credits.partial.list')}>
            {items.map((item) => {
              const on = picked.has(item.id);
              return (
                <li key={item.id}>
                  <label title={item.name}>
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={!on && picked.size >= limit}
                      onChange={() => toggle(item.id)}
                    />
                    {item.name}
                  </label>
                </li>
              );
            })}
          </Picks>
        </>
      )}
    </Options>
  );
}
