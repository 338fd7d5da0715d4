import { accountsApi } from '../../api/accounts.api.ts';
import { EmailCodeForm } from './EmailCodeForm.tsx';

/** /register: e-mail, code from sendCode, password twice; success toast, then login. */
export function RegisterPage() {
  return (
    <EmailCodeForm
      purpose="register"
      keys="register"
      passwordLabel="fields.password"
      linkLabel="register.haveAccount"
      emailPlaceholder
      submit={({ email, password, code }) => accountsApi.register(email, password, code)}
    />
  );
}
