import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/index.ts';
import { downloadPack } from '../services.ts';

/** Downloads every sample of a pack not downloaded yet; busy while the bulk run lasts. */
export function DownloadPackButton({ packCode }: { packCode: string }) {
  const { t } = useTranslation('sounds');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="download"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadPack(packCode);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('detail.downloadPack')}
    </Button>
  );
}
