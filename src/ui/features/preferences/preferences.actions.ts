import type { Language } from '../../../shared/index.ts';
import { loadProfile } from '../../api/profile-loader.ts';
import { i18n, t } from '../../i18n/i18n.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { toast } from '../../stores/toast.store.ts';
import type { DisplayMode } from '../../theme/theme.ts';

/** Applies a language to i18next and the document (no reload). */
export async function applyLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

/**
 * Switches the UI language without a reload, with a success toast; the profile is fetched
 * again so the gateway's texts (menu names) follow through Accept-Language.
 */
export async function switchLanguage(language: Language): Promise<void> {
  useSettingsStore.getState().set('language', language);
  await applyLanguage(language);
  toast.success(t('toast.languageSwitched'));
  void loadProfile();
}

/** Chooses light or dark; from then on the OS preference no longer applies. */
export function setDisplayMode(mode: DisplayMode): void {
  useSettingsStore.getState().set('displayMode', mode);
}
