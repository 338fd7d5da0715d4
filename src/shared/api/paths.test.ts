import { describe, expect, it } from 'vitest';
import { API, pathOf, ROUTES } from './paths.ts';

describe('pathOf', () => {
  it('fills every parameter, percent-encoding each value', () => {
    expect(pathOf('/a/:id/b/:code', { id: 7, code: 'x y/z?' })).toBe('/a/7/b/x%20y%2Fz%3F');
  });

  it('is what the builders use', () => {
    expect(API.songStream(12)).toBe('/api/v2/songs/12/stream');
    expect(API.downloadPackLike('PK 1')).toBe('/api/v2/download/likes/pack/PK%201');
    expect(API.audition('a/b')).toBe('/api/v2/tt-audios/play-audition/a%2Fb');
    expect(API.login).toBe(ROUTES.login);
  });
});
