import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowTextContext } from '../components/format.ts';
import { useCatalogueLabels } from '../model/catalogue-labels.store.ts';
import { useLanguage } from './use-language.ts';

/** What a row's text cells need: the labels loaded so far, the language and "N bars". */
export function useRowTextContext(): RowTextContext {
  const { t } = useTranslation('sounds');
  const labels = useCatalogueLabels();
  const language = useLanguage();
  return useMemo(
    () => ({ labels, language, bars: (count: number) => t('row.bars', { count }) }),
    [labels, language, t],
  );
}
