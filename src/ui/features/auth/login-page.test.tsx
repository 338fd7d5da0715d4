import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, API } from '../../../shared/index.ts';
import { resetSessionEndingForTests } from '../../api/session.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { envelope, installFakeFetch } from '../../testing/fake-fetch.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { LoginPage, safeRedirect } from './LoginPage.tsx';

const bodies: unknown[] = [];

beforeEach(() => {
  localStorage.clear();
  bodies.length = 0;
  useSessionStore.getState().clear();
  resetSessionEndingForTests();
});
afterEach(() => vi.unstubAllGlobals());

async function fill(email: string, password: string, invitation = '') {
  if (email) await userEvent.type(screen.getByLabelText('邮箱'), email);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  if (invitation) await userEvent.type(screen.getByLabelText('邀请码'), invitation);
}

describe('LoginPage', () => {
  it('shows the docs/PRODUCT.md §5 texts inline and sends nothing while invalid', async () => {
    const seen = installFakeFetch(() => envelope(null));
    renderWithApp(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    await fill('someone@', '12345', 'abc');
    await userEvent.click(screen.getByRole('button', { name: '开始测评' }));
    expect(screen.getByText('账号格式不规范')).toBeTruthy();
    expect(screen.getByText('密码不能少于6位')).toBeTruthy();
    expect(screen.getByText('邀请码格式错误，格式为 XXX_XXX')).toBeTruthy();
    expect(seen.filter((r) => r.url.pathname !== API.testConnection)).toHaveLength(0);
  });

  it('sends the password as lowercase hex SHA-256, stores the tokens and goes on', async () => {
    installFakeFetch(async ({ url }) => {
      if (url.pathname === API.login)
        return envelope({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 7_200_000 });
      return envelope(null);
    });
    // Record the JSON bodies on their way to the fake gateway.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: Request, init?: RequestInit) => {
      bodies.push(
        await input
          .clone()
          .json()
          .catch(() => null),
      );
      return realFetch(input, init);
    });
    renderWithApp(<LoginPage />, { path: '/login?redirect=/profile/orders' });
    await fill('demo@yinku.local', 'yinku-demo');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('/profile/orders');
    const body = bodies.find(Boolean) as { email: string; password: string; loginType: string };
    expect(body.email).toBe('demo@yinku.local');
    expect(body.loginType).toBe('EMAIL');
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('yinku-demo'));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(body.password).toBe(hex);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('a1');
  });

  it("shows the gateway's message on the form when the password is wrong", async () => {
    installFakeFetch(
      () =>
        new Response(
          JSON.stringify({
            code: 400,
            msg: '邮箱或密码错误',
            errorCode: 'BAD_REQUEST',
            field: 'password',
          }),
          { status: 400, headers: { 'x-error-message': encodeURIComponent('邮箱或密码错误') } },
        ),
    );
    renderWithApp(<LoginPage />, { path: '/login' });
    await fill('demo@yinku.local', 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('邮箱或密码错误');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the demo login only when the gateway says it works', async () => {
    installFakeFetch(() =>
      envelope({
        ok: true,
        time: '',
        demoLogin: { email: 'demo@yinku.local', password: 'yinku-demo' },
      }),
    );
    const first = renderWithApp(<LoginPage />, { path: '/login' });
    expect(await screen.findByText('演示账号：demo@yinku.local / yinku-demo')).toBeTruthy();
    first.unmount();

    installFakeFetch(() => envelope({ ok: true, time: '', demoLogin: null }));
    renderWithApp(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: '登录' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/演示账号/)).toBeNull();
  });

  it('only follows redirects inside the app', () => {
    expect(safeRedirect('/profile/ac')).toBe('/profile/ac');
    expect(safeRedirect('//evil.example')).toBe('/sounds');
    expect(safeRedirect('https://evil.example')).toBe('/sounds');
    expect(safeRedirect(null)).toBe('/sounds');
  });
});
