import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/index.ts';

/** Props of NewPasswordFields. */
interface NewPasswordFieldsProps {
  /** A `useForm` with `password` and `confirm` fields (other fields may sit beside them). */
  form: {
    bind(field: 'password' | 'confirm'): {
      name: string;
      value: string;
      onChange: (event: { target: { value: string } }) => void;
      onBlur: () => void;
    };
    message(field: 'password' | 'confirm'): string | null;
  };
  /** Label of the password field. */
  label: 'fields.password' | 'fields.newPassword';
}

/** A new password and its confirmation, as every account screen that sets one asks for them. */
export function NewPasswordFields({ form, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={t(label)}
        type="password"
        autoComplete="new-password"
        error={form.message('password')}
        {...form.bind('password')}
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={form.message('confirm')}
        {...form.bind('confirm')}
      />
    </>
  );
}
