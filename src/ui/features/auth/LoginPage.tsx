import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AssessmentStart, ConnectionCheck } from '../../../shared/index.ts';
import { accountsApi } from '../../api/accounts.api.ts';
import { Muted, TextField } from '../../components/index.ts';
import { Assessment } from './Assessment.tsx';
import { AuthCard, Links } from './AuthCard.tsx';
import { useForm } from './use-form.ts';
import { validateEmail, validateInvitation, validatePassword } from './validation.ts';

const DemoHint = styled(Muted)`
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.small};
`;

/** Where to go after login: the `redirect` query when it is one of our paths, else /sounds. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/sounds';
}

/** The gateway's demo login while it works there (null otherwise, or when the gateway is silent). */
function useDemoLogin(): ConnectionCheck['demoLogin'] {
  const [demo, setDemo] = useState<ConnectionCheck['demoLogin']>(null);
  useEffect(() => {
    const controller = new AbortController();
    accountsApi.connection({ signal: controller.signal }).then(
      (check) => setDemo(check?.demoLogin ?? null),
      () => {},
    );
    return () => controller.abort();
  }, []);
  return demo;
}

/** /login: personal login, with an invitation code that starts the creator assessment. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [assessment, setAssessment] = useState<AssessmentStart | null>(null);
  const demo = useDemoLogin();
  const form = useForm(
    { email: '', password: '', invitationCode: '' },
    {
      email: (v) => validateEmail(v.email),
      password: (v) => validatePassword(v.password),
      invitationCode: (v) => validateInvitation(v.invitationCode),
    },
  );
  const submit = () =>
    form.submit(async () => {
      await accountsApi.login(form.values.email, form.values.password);
      const code = form.values.invitationCode.trim();
      if (code) setAssessment(await accountsApi.startAssessment(code));
      else navigate(safeRedirect(params.get('redirect')), { replace: true });
    });

  if (assessment) return <Assessment start={assessment} />;
  return (
    <AuthCard
      title={t('login.title')}
      onSubmit={() => void submit()}
      formError={form.formError}
      submitLabel={
        form.values.invitationCode.trim() ? t('login.startAssessment') : t('login.submit')
      }
      busy={form.busy}
      after={
        <>
          <Links>
            <Link to="/register">{t('login.register')}</Link>
            <Link to="/forgot-password">{t('login.forgot')}</Link>
          </Links>
          {demo && <DemoHint>{t('login.demoHint', demo)}</DemoHint>}
        </>
      }
    >
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        placeholder={t('fields.emailPlaceholder')}
        {...form.field('email')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <TextField
        label={t('login.invitationTitle')}
        placeholder={t('fields.invitationPlaceholder')}
        hint={t('login.invitationHint')}
        autoComplete="off"
        {...form.field('invitationCode')}
      />
    </AuthCard>
  );
}
