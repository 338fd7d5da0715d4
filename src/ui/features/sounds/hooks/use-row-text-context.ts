import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sample } from '../../../../shared/index.ts';
import type { RowTextContext } from '../components/format.ts';
import { useCatalogueLabels } from '../model/catalogue-labels.store.ts';
import { useLanguage } from './use-language.ts';
import { heardAs } from '../../../stores/project-sync.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';

/** What a row's text cells need: the labels loaded so far, the language and "N bars". */
export function useRowTextContext(): RowTextContext {
  const { t } = useTranslation('sounds');
  const labels = useCatalogueLabels();
  const language = useLanguage();
  const sync = useSettingsStore((s) => s.sync);
  const tempo = useSettingsStore((s) => s.projectTempo);
  const key = useSettingsStore((s) => s.projectKey);
  return useMemo(
    () => ({
      labels,
      language,
      bars: (count: number) => t('row.bars', { count }),
      heard: sync
        ? (sample: Sample) => heardAs(sample, { sync, projectTempo: tempo, projectKey: key })
        : undefined,
    }),
    [labels, language, t, sync, tempo, key],
  );
}
