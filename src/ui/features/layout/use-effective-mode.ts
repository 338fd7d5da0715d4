import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import type { DisplayMode } from '../../theme/theme.ts';

/** The display mode in force: the user's choice, else the OS preference (light by default). */
export function useEffectiveMode(): DisplayMode {
  const chosen = useSettingsStore((s) => s.displayMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return chosen ?? (prefersDark ? 'dark' : 'light');
}
