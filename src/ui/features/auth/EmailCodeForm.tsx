import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/index.ts';
import { toast } from '../../stores/toast.store.ts';
import { AuthCard, Links } from './AuthCard.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useForm } from './use-form.ts';
import { validateCode, validateConfirm, validateEmail, validatePassword } from './validation.ts';

type Field = 'email' | 'code' | 'password' | 'confirm';

/** The values an e-mail-code form submits. */
interface EmailCodeValues {
  email: string;
  code: string;
  password: string;
}

/** Which screen the form is, by its translation keys (namespace `auth`). */
interface EmailCodeFormProps {
  purpose: 'register' | 'reset';
  /** Key prefix of title, submit, success and the link back (`register` or `forgot`). */
  keys: 'register' | 'forgot';
  passwordLabel: 'fields.password' | 'fields.newPassword';
  linkLabel: 'register.haveAccount' | 'forgot.backToLogin';
  emailPlaceholder?: boolean;
  submit: (values: EmailCodeValues) => Promise<unknown>;
}

/**
 * The e-mail + code + password-twice form that registration and password reset share: inline
 * docs/PRODUCT.md §5 validation, a send-code button, the gateway's error shown in place, a success toast,
 * then the login page.
 */
export function EmailCodeForm({
  purpose,
  keys,
  passwordLabel,
  linkLabel,
  emailPlaceholder,
  submit,
}: EmailCodeFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useForm<Field>(
    { email: '', code: '', password: '', confirm: '' },
    {
      email: (v) => validateEmail(v.email),
      code: (v) => validateCode(v.code),
      password: (v) => validatePassword(v.password),
      confirm: (v) => validateConfirm(v.password, v.confirm),
    },
  );
  const emailValid = () => {
    form.bind('email').onBlur();
    return validateEmail(form.values.email) === null;
  };

  const onSubmit = () =>
    form.submit(async () => {
      const { email, code, password } = form.values;
      await submit({ email, code, password });
      toast.success(t(`${keys}.success`));
      navigate('/login', { replace: true });
    });

  return (
    <AuthCard
      title={t(`${keys}.title`)}
      onSubmit={() => void onSubmit()}
      formError={form.formError}
      submitLabel={t(`${keys}.submit`)}
      busy={form.busy}
      after={
        <Links>
          <Link to="/login">{t(linkLabel)}</Link>
        </Links>
      }
    >
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        placeholder={emailPlaceholder ? t('fields.emailPlaceholder') : undefined}
        {...form.field('email')}
      />
      <TextField
        label={t('fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={<SendCodeButton email={form.values.email} purpose={purpose} canSend={emailValid} />}
        {...form.field('code')}
      />
      <NewPasswordFields form={form} label={passwordLabel} />
    </AuthCard>
  );
}
