import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
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

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The words of a keyword as the gateway splits them (whitespace and commas). */
const keywordTerms = (keyword: string): string[] => keyword.split(/[\s,，、;；]+/u).filter(Boolean);

/** Props of SearchTerms. */
export interface SearchTermsProps {
  keyword: string;
  /** What the gateway answered: its total and the correction it made, once a page is loaded. */
  answer: { total: number; correction?: { from: string; to: string } } | null;
}

/**
 * A keyword search's terms as chips, each removable (removing the last goes back to the
 * library); says when the gateway corrected a typo, and when no sample has every term.
 */
export function SearchTerms({ keyword, answer }: SearchTermsProps) {
  const { t } = useTranslation('sounds');
  const navigate = useNavigate();
  const terms = keywordTerms(keyword);
  return (
    <>
      <Terms aria-label={t('search.terms')}>
        {terms.map((term, index) => (
          <li key={`${index}:${term}`}>
            {term}
            <IconButton
              icon="close"
              size={14}
              label={t('search.removeTerm', { term })}
              onClick={() => {
                const rest = terms.filter((_, i) => i !== index);
                navigate(
                  rest.length
                    ? searchPath({ type: 'keyword', keyword: rest.join(' ') })
                    : '/sounds',
                );
              }}
            />
          </li>
        ))}
      </Terms>
      {answer?.correction && (
        <Note role="status">
          {t('search.corrected', { from: answer.correction.from, to: answer.correction.to })}
        </Note>
      )}
      {answer && answer.total === 0 && terms.length > 1 && (
        <Note role="status">{t('search.noneWithAll', { count: terms.length })}</Note>
      )}
    </>
  );
}
