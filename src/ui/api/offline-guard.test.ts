import { describe, expect, it, vi } from 'vitest';
import type { JsonHttp } from './catalogue.api.ts';
import { OfflineError, offlineGuard } from './offline-guard.ts';

describe('offlineGuard', () => {
  it('passes catalogue calls through online and refuses every one while staying offline', async () => {
    const http = {
      get: vi.fn(async () => 'got'),
      post: vi.fn(async () => 'posted'),
      blob: vi.fn(),
    };
    let offline = false;
    const guarded = offlineGuard(http as unknown as JsonHttp, () => offline);
    expect(await guarded.get('/api/v2/tt-audios')).toBe('got');
    offline = true;
    await expect(guarded.get('/api/v2/tt-audios')).rejects.toBeInstanceOf(OfflineError);
    await expect(guarded.post('/api/v2/tt-audios/user', {})).rejects.toThrow(/Staying offline/);
    await expect(guarded.blob('/cover')).rejects.toBeInstanceOf(OfflineError);
    expect(http.get).toHaveBeenCalledOnce();
    expect(http.post).not.toHaveBeenCalled();
    expect(http.blob).not.toHaveBeenCalled();
  });
});
