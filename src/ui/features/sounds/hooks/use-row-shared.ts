import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sample } from '../../../../shared/index.ts';
import type { RowTextContext } from '../components/format.ts';
import { useDownloadTooltip } from '../../downloads/index.ts';
import { useCatalogueLabels } from '../model/catalogue-labels.store.ts';
import { useLanguage } from './use-language.ts';
import { heardAs } from '../../../player/index.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';

/**
 * What every row of a grid reads from outside its sample: the row text's context, the sounds
 * translation and the download tooltip. The list reads it once and hands it to its rows as one
 * prop, so a mounting row subscribes to nothing of it and no row renders again unless it changes
 * (docs/SOUNDS.md "The sample grid").
 */
export interface RowShared {
  text: RowTextContext;
  t: ReturnType<typeof useTranslation<'sounds'>>['t'];
  /** A download button's tooltip (its label and the balance). */
  tooltip: (label: string) => string;
}

/** The RowShared of the list's rows: a new object only when a language, label or Sync changes. */
export function useRowShared(): RowShared {
  const { t } = useTranslation('sounds');
  const labels = useCatalogueLabels();
  const language = useLanguage();
  const tooltip = useDownloadTooltip();
  const sync = useSettingsStore((s) => s.sync);
  // With Sync off the project's tempo and key show nowhere in a row: setting them renders none.
  const tempo = useSettingsStore((s) => (s.sync ? s.projectTempo : null));
  const key = useSettingsStore((s) => (s.sync ? s.projectKey : null));
  return useMemo(
    () => ({
      t,
      tooltip,
      text: {
        labels,
        language,
        bars: (count: number) => t('row.bars', { count }),
        heard: sync
          ? (sample: Sample) => heardAs(sample, { sync, projectTempo: tempo, projectKey: key })
          : undefined,
      },
    }),
    [labels, language, t, tooltip, sync, tempo, key],
  );
}
