import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { page } from '../api/page.ts';
import { Button, Card, Muted, PageTitle } from '../components/index.ts';
import { CSS_CHUNK_LOAD_FAILED, isChunkLoadError } from './chunk-load.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const Centre = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  & > * {
    width: min(520px, 100%);
  }
`;

/**
 * What a failed route shows: the 404 page, or for chunk-load failures (ChunkLoadError,
 * CSS_CHUNK_LOAD_FAILED) and crashes an explanation with a reload action that recovers.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Centre>
        <NotFoundPage />
      </Centre>
    );
  }
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <Centre>
      <Card role="alert" data-error={chunk ? error.code : 'CRASH'}>
        <PageTitle>{chunk ? t('errors.chunkTitle') : t('errors.crashTitle')}</PageTitle>
        <Muted>
          {chunk
            ? error.code === CSS_CHUNK_LOAD_FAILED
              ? t('errors.chunkCssText')
              : t('errors.chunkText')
            : t('errors.crashText')}
        </Muted>
        <p>
          <Button variant="primary" icon="refresh" onClick={() => page.reload()}>
            {t('actions.reload')}
          </Button>
        </p>
      </Card>
    </Centre>
  );
}
