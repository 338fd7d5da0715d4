import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/index.ts';
import { useDownloadTooltip } from '../../downloads/index.ts';
import { downloadPack } from '../services.ts';

/**
 * Downloads every sample of a pack not downloaded yet, after showing the cost against the
 * balance; busy while the bulk run lasts. The tooltip tells the balance.
 */
export function DownloadPackButton({
  packCode,
  packName,
}: {
  packCode: string;
  packName?: string;
}) {
  const { t } = useTranslation('sounds');
  const tooltip = useDownloadTooltip();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon="download"
      loading={busy}
      title={tooltip(t('detail.downloadPack'))}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadPack(packCode, packName);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('detail.downloadPack')}
    </Button>
  );
}
