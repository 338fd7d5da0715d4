import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { CreditDialog, DownloadProgress } from '../features/downloads/index.ts';
import { useEffectiveMode } from '../features/layout/use-effective-mode.ts';
import { i18n } from '../i18n/i18n.ts';
import { useSettingsStore } from '../stores/settings.store.ts';
import { GlobalStyle } from '../theme/global-style.ts';
import { makeTheme } from '../theme/theme.ts';
import { ToastHost } from './ToastHost.tsx';

/**
 * The app: theme from the settings (OS preference until chosen), i18n, router, toasts, the credit
 * dialog and a bulk download's progress.
 */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const mode = useEffectiveMode();
  const mainColour = useSettingsStore((s) => s.mainColour);
  const theme = useMemo(() => makeTheme(mode, mainColour), [mode, mainColour]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <ToastHost />
        <CreditDialog />
        <DownloadProgress />
      </I18nextProvider>
    </ThemeProvider>
  );
}
