import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { IconButton } from '../../components/index.ts';
import { getDesktopBridge } from './desktop-bridge.ts';
import { canPickFolder, chooseDownloadFolder, downloadFolderName } from './download-targets.ts';

/** Inside the desktop shell: shows the download root and opens it in the file manager. */
function DesktopFolderButton({ bridge }: { bridge: DesktopBridge }) {
  const { t } = useTranslation('downloads');
  const [root, setRoot] = useState('');
  useEffect(() => {
    let live = true;
    void bridge.getDownloadRoot().then((found) => live && setRoot(found));
    return () => {
      live = false;
    };
  }, [bridge]);
  return (
    <IconButton
      icon="folder"
      label={t('folder.open', { name: root })}
      active
      onClick={() =>
        void bridge.openFolder().catch(() => {
          // No file manager on this system: nothing else to do from the player bar.
        })
      }
    />
  );
}

/** Lets the user pick the folder downloads are written into (File System Access API). */
function PickFolderButton() {
  const { t } = useTranslation('downloads');
  const [name, setName] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void downloadFolderName().then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, []);
  return (
    <IconButton
      icon="folder"
      label={name ? t('folder.current', { name }) : t('folder.choose')}
      active={Boolean(name)}
      onClick={() =>
        void chooseDownloadFolder()
          .then(setName)
          .catch(() => {
            // The user closed the picker: keep the current choice.
          })
      }
    />
  );
}

/**
 * The player bar's download-folder button: in the desktop shell it opens the shell's download
 * root; in a browser with the File System Access API it picks the folder; other browsers use
 * ordinary downloads and never show it.
 */
export function DownloadFolderButton() {
  const bridge = getDesktopBridge();
  if (bridge) return <DesktopFolderButton bridge={bridge} />;
  if (!canPickFolder()) return null;
  return <PickFolderButton />;
}
