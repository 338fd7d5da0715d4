import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase, apiPathOf } from './api-config.ts';

afterEach(() => vi.unstubAllEnvs());

describe('api base', () => {
  it('defaults to the page origin', () => {
    expect(apiBase()).toBe(`${window.location.origin}/`);
    expect(apiPathOf(`${window.location.origin}/api/v2/download/1`)).toBe('/api/v2/download/1');
  });

  it('uses VITE_API_BASE, paths included', () => {
    vi.stubEnv('VITE_API_BASE', 'https://gw.example.com/yinku/');
    expect(apiBase()).toBe('https://gw.example.com/yinku/');
    expect(apiPathOf('https://gw.example.com/yinku/api/v4/users/login')).toBe(
      '/api/v4/users/login',
    );
  });
});
