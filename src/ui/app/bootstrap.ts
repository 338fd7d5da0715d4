import { ACCESS_TOKEN_KEY } from '../../shared/index.ts';
import { page, takeFlash } from '../api/page.ts';
import { startDesktopSync } from '../features/downloads/desktop-sync.ts';
import { applyLanguage } from '../features/preferences/preferences.actions.ts';
import { REFRESH_TOKEN_KEY, useSessionStore } from '../stores/session.store.ts';
import { useSettingsStore } from '../stores/settings.store.ts';
import { toast } from '../stores/toast.store.ts';
import { linkVolume } from '../player/store/volume-sync.ts';

/**
 * Start-up work before the first render: the stored language, a message kept across the last
 * reload (session expired), following the session of other tabs, the preferences' volume as
 * both players' volume, and the desktop folder's sync.
 */
export async function bootstrap(navigate: (path: string) => void): Promise<void> {
  page.navigate = navigate;
  await applyLanguage(useSettingsStore.getState().language);
  linkVolume();
  // In the desktop shell: its folder and the warehouse in step (not while staying offline).
  startDesktopSync(window, undefined, () => useSettingsStore.getState().stayOffline);
  const flash = takeFlash();
  if (flash) toast.error(flash);
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY)
      return;
    const hadSession = useSessionStore.getState().accessToken !== null;
    useSessionStore.getState().syncFromStorage();
    // Another tab logged out (cleared storage): this one follows instead of failing later.
    if (hadSession && useSessionStore.getState().accessToken === null) page.reload();
  });
}
