import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type AssessmentStart } from '../../../shared/index.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import { envelope, installFakeFetch } from '../../testing/fake-fetch.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { userInfo } from '../../testing/users.ts';
import { Assessment } from './Assessment.tsx';
import { RegisterPage } from './RegisterPage.tsx';

/** A question of the assessment with its options, value → label. */
const question = (
  id: string,
  text: string,
  multiple: boolean,
  options: Record<string, string>,
) => ({
  id,
  text,
  multiple,
  options: Object.entries(options).map(([value, label]) => ({ value, label })),
});

const start: AssessmentStart = {
  assessmentId: '00000000-0000-4000-8000-000000000000',
  questions: [
    question('role', '您主要以什么身份做音乐？', false, { producer: '制作人', dj: 'DJ' }),
    question('genres', '您常做哪些风格？', true, { trap: 'Trap', edm: 'EDM' }),
  ],
};

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('Assessment', () => {
  it('walks intro, tips, pages and finish to congratulations, sending every answer', async () => {
    useSessionStore.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
    const sent: unknown[] = [];
    // The finish call and the profile fetched after it both answer the new profile.
    installFakeFetch(() => envelope(userInfo(['ORDINARY', 'CREATOR'])));
    const fakeGateway = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: Request, init?: RequestInit) => {
      if (new URL(input.url).pathname === API.assessmentFinish)
        sent.push(await input.clone().json());
      return fakeGateway(input, init);
    });
    renderWithApp(<Assessment start={start} />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: '测评提示' }));
    expect(screen.getByRole('note').textContent).toContain('至少选择一项');
    await userEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(screen.getByText('第 1 / 2 页')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByRole('alert').textContent).toBe('请至少选择一项');
    await userEvent.click(screen.getByLabelText('制作人'));
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await userEvent.click(screen.getByLabelText('Trap'));
    await userEvent.click(screen.getByLabelText('EDM'));
    await userEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(await screen.findByRole('heading', { name: '恭喜' })).toBeTruthy();
    expect(sent).toEqual([
      {
        assessmentId: start.assessmentId,
        answers: { role: ['producer'], genres: ['trap', 'edm'] },
      },
    ]);
    expect(useSessionStore.getState().userInfo?.roles.map((r) => r.roleCode)).toContain('CREATOR');
    await userEvent.click(screen.getByRole('button', { name: '开始浏览音色' }));
    expect(screen.getByTestId('location').textContent).toBe('/sounds');
  });
});

describe('RegisterPage', () => {
  it('sends the code with the UI language as appKey and toasts success', async () => {
    const seen = installFakeFetch(() => envelope(true));
    renderWithApp(<RegisterPage />, { path: '/register' });
    await userEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(screen.getByText('请输入用户名')).toBeTruthy(); // no address, nothing sent
    expect(seen).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('邮箱'), 'new@yinku.local');
    await userEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeTruthy();
    expect(seen.map((r) => r.url.pathname)).toEqual([API.sendCode]);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['发送验证码成功']);
  });

  it('toasts 发送失败 with the reason when the gateway refuses', async () => {
    installFakeFetch(
      () =>
        new Response(JSON.stringify({ code: 429, msg: '请稍后再试' }), {
          status: 429,
          headers: { 'x-error-message': encodeURIComponent('请稍后再试') },
        }),
    );
    renderWithApp(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('邮箱'), 'new@yinku.local');
    await userEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
        '发送失败: 请稍后再试',
      ]),
    );
  });
});
