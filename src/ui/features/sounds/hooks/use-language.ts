import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/index.ts';
import { isLanguage } from '../../../i18n/i18n.ts';

/** The current UI language, for picking `names[language]` of catalogue items. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}
