import { useTranslation } from 'react-i18next';
import { ToastViewport } from '../components/index.ts';
import { useToastStore } from '../stores/toast.store.ts';

/** Shows the toast store's messages. */
export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return <ToastViewport toasts={toasts} onDismiss={dismiss} closeLabel={t('actions.close')} />;
}
