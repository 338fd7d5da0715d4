import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/index.ts';
import { canPickFolder, chooseDownloadFolder, downloadFolderName } from './download-targets.ts';

/**
 * Lets the user pick the folder downloads are written into (File System Access API). Without one,
 * downloads are ordinary browser downloads; browsers without the API never show this button.
 */
export function DownloadFolderButton() {
  const { t } = useTranslation('downloads');
  const [name, setName] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void downloadFolderName().then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, []);
  if (!canPickFolder()) return null;
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
