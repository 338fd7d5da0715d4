import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { Button, TextField } from '../../components/index.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { setDesktopDownloadRoot } from './desktop-settings.ts';

const Form = styled.form`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  & > :first-child {
    flex: 1;
    min-width: 220px;
  }
`;

/**
 * The download path inside the desktop shell: shows the shell's download root, changes it (the
 * shell checks it is an absolute folder it can create) and opens it in the file manager.
 */
export function DesktopDownloadRoot({ bridge, label }: { bridge: DesktopBridge; label: string }) {
  const { t } = useTranslation('downloads');
  const stored = useSettingsStore((state) => state.downloadPath);
  // null = not edited: show the shell's root, which arrives after mount (useDesktopSettingsSync).
  const [edited, setDraft] = useState<string | null>(null);
  const draft = edited ?? stored;
  const [error, setError] = useState('');

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void setDesktopDownloadRoot(bridge, draft).then((outcome) => {
          setError('error' in outcome ? outcome.error : '');
          if ('root' in outcome) setDraft(null);
        });
      }}
    >
      <TextField
        label={label}
        value={draft}
        error={error}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit">{t('desktop.apply')}</Button>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void bridge.openFolder().catch((cause: Error) => setError(cause.message))}
      >
        {t('desktop.open')}
      </Button>
    </Form>
  );
}
