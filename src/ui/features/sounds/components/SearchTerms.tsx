import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import {
  keywordWithout,
  otherReadings,
  readSearchQuery,
  splitKey,
  type QueryTerm,
} from '../../../../shared/index.ts';
import { IconButton } from '../../../components/index.ts';
import { searchPath } from '../model/list-query.ts';
import { Chips } from '../pages/page-layout.ts';

const Terms = styled(Chips)`
  & li {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 0 2px 0 ${({ theme }) => theme.space(3)};
    border-radius: 14px;
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Others = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  & button {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 16px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Props of SearchTerms. */
export interface SearchTermsProps {
  keyword: string;
  /** What the gateway answered: its total and the correction it made, once a page is loaded. */
  answer: { total: number; correction?: { from: string; to: string } } | null;
}

/**
 * A keyword search's terms as chips, each removable (removing the last goes back to the
 * library), read as the gateway reads them (`readSearchQuery`): a tempo shows as "BPM 137–143",
 * a key as "A 小调", unless the filter bar sets that filter (which wins). Says when the gateway
 * corrected a typo, and when nothing was found offers the readings it did not apply.
 */
export function SearchTerms({ keyword, answer }: SearchTermsProps) {
  const { t } = useTranslation('sounds');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reading = readSearchQuery(keyword);
  const overridden = {
    bpm: params.has('bpmMin') || params.has('bpmMax'),
    key: params.has('key'),
  };
  const label = (term: QueryTerm): string => {
    if (term.kind === 'bpm' && !overridden.bpm) return t('search.bpmTerm', term);
    if (term.kind === 'key' && !overridden.key) {
      const { tonic, mode } = splitKey(term.key);
      return t(`search.keyTerm.${mode}`, { tonic });
    }
    return term.text;
  };
  const goTo = (next: string) =>
    navigate(next ? searchPath({ type: 'keyword', keyword: next }) : '/sounds');
  const others = answer?.total === 0 ? otherReadings(reading) : [];
  return (
    <>
      <Terms aria-label={t('search.terms')}>
        {reading.terms.map((term, index) => {
          const text = label(term);
          return (
            <li
              key={`${index}:${term.text}`}
              data-term={term.kind}
              title={
                text === term.text
                  ? undefined
                  : t('search.readAs', { text: term.text, reading: text })
              }
            >
              {text}
              <IconButton
                icon="close"
                size={14}
                label={t('search.removeTerm', { term: text })}
                onClick={() => goTo(keywordWithout(reading, index))}
              />
            </li>
          );
        })}
      </Terms>
      {answer?.correction && (
        <Note role="status">
          {t('search.corrected', { from: answer.correction.from, to: answer.correction.to })}
        </Note>
      )}
      {answer && answer.total === 0 && reading.terms.length > 1 && (
        <Note role="status">{t('search.noneWithAll', { count: reading.terms.length })}</Note>
      )}
      {others.length > 0 && (
        <Others aria-label={t('search.otherReadings')}>
          <span>{t('search.otherReadings')}</span>
          {others.map((other) => (
            <button key={other.keyword} type="button" onClick={() => goTo(other.keyword)}>
              {t(other.kind === 'word' ? 'search.asWord' : 'search.asTempo', { text: other.text })}
            </button>
          ))}
        </Others>
      )}
    </>
  );
}
