import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/index.ts';

/** Props of NewPasswordFields. */
interface NewPasswordFieldsProps {
  /** A `useForm` with `password` and `confirm` fields (other fields may sit beside them). */
  form: {
    field(field: 'password' | 'confirm'): {
      error: string | null;
      name: string;
      value: string;
      onChange: (event: { target: { value: string } }) => void;
      onBlur: () => void;
    };
  };
  /** Label of the password field. */
  label: 'fields.password' | 'fields.newPassword';
}

/** A new password and its confirmation, as every account screen that sets one asks for them. */
export function NewPasswordFields({ form, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      {(['password', 'confirm'] as const).map((field) => (
        <TextField
          key={field}
          label={t(field === 'password' ? label : 'fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.field(field)}
        />
      ))}
    </>
  );
}
