import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts.api.ts';
import { ApiRequestError } from '../../api/http-error.ts';
import { Button } from '../../components/index.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { toast } from '../../stores/toast.store.ts';

/** Seconds before another code may be asked for (the gateway allows one send per minute). */
const RESEND_SECONDS = 60;

/**
 * Sends the e-mail code (appKey = UI language) after `canSend()` validated the address; toasts
 * success or failure and counts down before a resend.
 */
export function SendCodeButton({
  email,
  purpose,
  canSend,
}: {
  email: string;
  purpose: 'register' | 'reset';
  canSend: () => boolean;
}) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (!canSend()) return;
    setBusy(true);
    try {
      await accountsApi.sendCode(email, currentLanguage(), purpose);
      toast.success(t('register.codeSent'));
      setWait(RESEND_SECONDS);
    } catch (error) {
      const detail = error instanceof ApiRequestError ? error.message : '';
      toast.error(detail ? `${t('register.codeFailed')}: ${detail}` : t('register.codeFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button loading={busy} disabled={wait > 0} onClick={() => void send()}>
      {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
    </Button>
  );
}
