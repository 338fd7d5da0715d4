import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Card, IconButton, Muted, PageTitle, TextField } from '../../components/index.ts';
import { usePlayerStore } from '../../player/index.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { getDesktopBridge } from './desktop-bridge.ts';
import { fileBlob, groupFiles } from './offline-library.ts';

const Files = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(1)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * /sounds/offline: the downloaded files, read from the desktop folder (no gateway needed), by
 * brand and type, each playable from disk; what "stay offline" leaves a user in the shell.
 */
export function OfflinePage() {
  const { t } = useTranslation('downloads');
  const bridge = getDesktopBridge();
  const volume = useSettingsStore((s) => s.volume);
  const [files, setFiles] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [filter, setFilter] = useState('');
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    bridge?.listFiles().then(setFiles, (reason: Error) => setError(reason.message));
  }, [bridge]);
  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);
  // Leaving the page stops the sound and frees the file's memory.
  useEffect(
    () => () => {
      audio.current?.pause();
      if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
    },
    [],
  );

  const toggle = async (path: string) => {
    const element = (audio.current ??= new Audio());
    if (playing === path) {
      element.pause();
      setPlaying(null);
      return;
    }
    try {
      const blob = fileBlob(path, await bridge!.readFile(path));
      if (element.src) URL.revokeObjectURL(element.src);
      element.src = URL.createObjectURL(blob);
      element.volume = useSettingsStore.getState().volume;
      element.onended = () => setPlaying(null);
      // The two players never sound at once.
      usePlayerStore.getState().pause();
      await element.play();
      setPlaying(path);
      setError('');
    } catch (reason) {
      setError(t('offline.playFailed', { reason: (reason as Error).message }));
    }
  };

  return (
    <Card>
      <PageTitle>{t('offline.title')}</PageTitle>
      {!bridge ? (
        <Muted>{t('offline.browser')}</Muted>
      ) : (
        <>
          <Muted>{t('offline.text')}</Muted>
          <TextField
            label={t('offline.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          {error && <p role="alert">{error}</p>}
          {files?.length === 0 && <p>{t('offline.empty')}</p>}
          {groupFiles(files ?? [], filter).map(([group, list]) => (
            <section key={group} aria-label={group}>
              <h2>{group}</h2>
              <Files>
                {list.map((file) => (
                  <li key={file.path} data-offline-file={file.path}>
                    <IconButton
                      icon={playing === file.path ? 'pause' : 'play'}
                      label={t(playing === file.path ? 'offline.pause' : 'offline.play', {
                        name: file.name,
                      })}
                      onClick={() => void toggle(file.path)}
                    />
                    <span>{file.name}</span>
                  </li>
                ))}
              </Files>
            </section>
          ))}
        </>
      )}
      <p>
        <Link to="/preferences">{t('offline.settings')}</Link>
      </p>
    </Card>
  );
}
