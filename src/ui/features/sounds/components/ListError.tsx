import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/index.ts';
import { listErrorKind } from '../model/list-error.ts';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  & strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Props of ListError. */
interface ListErrorProps {
  error: unknown;
  onRetry(): void;
}

/**
 * A list that failed: what went wrong, in the user's language, and a retry. Never the gateway's
 * or browser's own text (docs/SOUNDS.md, "List loading").
 */
export function ListError({ error, onRetry }: ListErrorProps) {
  const { t } = useTranslation('sounds');
  return (
    <Box role="alert" data-list-state="error">
      <span>
        <strong>{t('list.error')}</strong> {t(`list.errors.${listErrorKind(error)}`)}
      </span>
      <Button size="small" variant="secondary" icon="refresh" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </Box>
  );
}
