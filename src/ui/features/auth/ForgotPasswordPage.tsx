import { accountsApi } from '../../api/accounts.api.ts';
import { EmailCodeForm } from './EmailCodeForm.tsx';

/** /forgot-password: e-mail code plus a new password; reset toast, then login. */
export function ForgotPasswordPage() {
  return (
    <EmailCodeForm
      purpose="reset"
      keys="forgot"
      passwordLabel="fields.newPassword"
      linkLabel="forgot.backToLogin"
      submit={({ email, code, password }) => accountsApi.resetPassword(email, code, password)}
    />
  );
}
