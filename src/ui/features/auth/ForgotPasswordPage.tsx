import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts.api.ts';
import { ApiRequestError } from '../../api/http-error.ts';
import { Button, TextField } from '../../components/index.ts';
import { toast } from '../../stores/toast.store.ts';
import { AuthCard, FormAlert, Links } from './AuthCard.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useForm } from './use-form.ts';
import { validateCode, validateConfirm, validateEmail, validatePassword } from './validation.ts';

type Field = 'email' | 'code' | 'password' | 'confirm';

/** /forgot-password: e-mail code plus a new password; reset toast, then login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<Field>(
    { email: '', code: '', password: '', confirm: '' },
    {
      email: (v) => validateEmail(v.email),
      code: (v) => validateCode(v.code),
      password: (v) => validatePassword(v.password),
      confirm: (v) => validateConfirm(v.password, v.confirm),
    },
  );
  const message = (field: Field) => {
    const { key, text } = form.error(field);
    return key ? t(key) : (text ?? null);
  };
  const emailValid = () => {
    form.bind('email').onBlur();
    return validateEmail(form.values.email) === null;
  };

  const submit = async () => {
    if (!form.check()) return;
    setBusy(true);
    try {
      await accountsApi.resetPassword(form.values.email, form.values.code, form.values.password);
      toast.success(t('forgot.success'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError) form.showServerError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} onSubmit={() => void submit()}>
      {form.formError && <FormAlert role="alert">{form.formError}</FormAlert>}
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={message('email')}
        {...form.bind('email')}
      />
      <TextField
        label={t('fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={message('code')}
        addon={<SendCodeButton email={form.values.email} purpose="reset" canSend={emailValid} />}
        {...form.bind('code')}
      />
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={message('password')}
        {...form.bind('password')}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={message('confirm')}
        {...form.bind('confirm')}
      />
      <Button type="submit" variant="primary" block loading={busy}>
        {t('forgot.submit')}
      </Button>
      <Links>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </Links>
    </AuthCard>
  );
}
