import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useBulkProgress } from './download-actions.ts';

const Card = styled.div`
  position: fixed;
  top: 72px;
  right: 16px;
  z-index: ${({ theme }) => theme.z.toast};
  width: min(300px, calc(100vw - 32px));
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  & small {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & progress {
    width: 100%;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * The overall progress of a bulk download (a pack, a selection, a bulk like), on every page
 * while it runs: files done of all, and where they go (the zip's or folder's name); the done
 * message follows as a toast (issue 30 §4).
 */
export function DownloadProgress() {
  const { t } = useTranslation('downloads');
  const progress = useBulkProgress((s) => s.progress);
  if (!progress) return null;
  const label = t('bulk.progress', { done: progress.done, total: progress.total });
  return (
    <Card role="status" aria-label={label} data-testid="download-progress">
      <strong>{label}</strong>
      <progress max={progress.total} value={progress.done} aria-label={label} />
      {progress.into && (
        <small title={progress.into}>{t('bulk.into', { into: progress.into })}</small>
      )}
    </Card>
  );
}
