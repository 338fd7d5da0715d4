import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '../../../shared/index.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { envelope, installFakeFetch } from '../../testing/fake-fetch.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';

beforeEach(async () => {
  useToastStore.setState({ toasts: [] });
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillForm(password = 'new-secret', confirm = password) {
  await userEvent.type(screen.getByLabelText('邮箱'), 'demo@yinku.local');
  await userEvent.type(screen.getByLabelText('验证码'), '123456');
  await userEvent.type(screen.getByLabelText('新密码'), password);
  await userEvent.type(screen.getByLabelText('确认密码'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '重置密码' }));
}

describe('ForgotPasswordPage', () => {
  it('resets with the code and a hashed new password, toasts, then goes to login', async () => {
    const seen = installFakeFetch(() => envelope(true));
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await fillForm();
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const [request] = seen;
    expect(request!.url.pathname).toBe(API.passwordReset);
    const body = JSON.parse(request!.body ?? '{}') as Record<string, string>;
    expect(body).toMatchObject({ email: 'demo@yinku.local', code: '123456' });
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['重置密码成功']);
  });

  it('sends nothing while the passwords differ, and shows the gateway refusal in place', async () => {
    const seen = installFakeFetch(
      () =>
        new Response(JSON.stringify({ code: 400, msg: '验证码错误', field: 'code' }), {
          status: 400,
          headers: { 'x-error-message': encodeURIComponent('验证码错误') },
        }),
    );
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await fillForm('new-secret', 'other-secret');
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(seen).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('确认密码'));
    await userEvent.type(screen.getByLabelText('确认密码'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
  });
});
