import { useEffect } from 'react';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { t } from '../../i18n/i18n.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { toast } from '../../stores/toast.store.ts';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Inside the desktop shell the shell is the truth for the download root and the start-up
 * registration: copy both into the persisted settings when the page using them mounts.
 */
export function useDesktopSettingsSync(bridge: DesktopBridge | null): void {
  useEffect(() => {
    if (!bridge) return;
    let live = true;
    const { set } = useSettingsStore.getState();
    void Promise.all([bridge.getDownloadRoot(), bridge.getStartup()])
      .then(([root, startup]) => {
        if (!live) return;
        set('downloadPath', root);
        set('appStartup', startup);
      })
      .catch(() => {
        // The shell is closing; the stored settings stay as they are.
      });
    return () => {
      live = false;
    };
  }, [bridge]);
}

/** Registers or unregisters start-up through the shell; the switch follows what the shell did. */
export async function setDesktopStartup(bridge: DesktopBridge, on: boolean): Promise<void> {
  const { set } = useSettingsStore.getState();
  set('appStartup', on);
  try {
    set('appStartup', await bridge.setStartup(on));
  } catch (error) {
    set('appStartup', !on);
    toast.error(t('downloads:desktop.startupFailed', { reason: reason(error) }));
  }
}

/** Changes the download root through the shell; resolves the stored root or an error message. */
export async function setDesktopDownloadRoot(
  bridge: DesktopBridge,
  path: string,
): Promise<{ root: string } | { error: string }> {
  try {
    const root = await bridge.setDownloadRoot(path.trim());
    useSettingsStore.getState().set('downloadPath', root);
    toast.success(t('downloads:desktop.rootSaved'));
    return { root };
  } catch (error) {
    return { error: reason(error) };
  }
}
