import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts.api.ts';
import { TextField } from '../../components/index.ts';
import { toast } from '../../stores/toast.store.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useForm } from './use-form.ts';
import { validateConfirm, validatePassword } from './validation.ts';

type Field = 'oldPassword' | 'password' | 'confirm';

/** /update-password: the signed-in user changes the password. */
export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useForm<Field>(
    { oldPassword: '', password: '', confirm: '' },
    {
      oldPassword: (v) => validatePassword(v.oldPassword),
      password: (v) => validatePassword(v.password),
      confirm: (v) => validateConfirm(v.password, v.confirm),
    },
  );
  const submit = () =>
    form.submit(async () => {
      await accountsApi.updatePassword(form.values.oldPassword, form.values.password);
      toast.success(t('update.success'));
      navigate('/profile/ac', { replace: true });
    });

  return (
    <AuthCard
      title={t('update.title')}
      onSubmit={() => void submit()}
      formError={form.formError}
      submitLabel={t('update.submit')}
      busy={form.busy}
    >
      <TextField
        label={t('fields.oldPassword')}
        type="password"
        autoComplete="current-password"
        {...form.field('oldPassword')}
      />
      <NewPasswordFields form={form} label="fields.newPassword" />
    </AuthCard>
  );
}
