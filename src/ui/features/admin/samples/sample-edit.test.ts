import { describe, expect, it } from 'vitest';
import type { AdminSample } from '../../../../shared/index.ts';
import { parseEdit, shownValue } from './sample-edit.ts';

const sample: AdminSample = {
  id: 1,
  packCode: 'p',
  fileName: 'a.wav',
  nameZh: '鼓',
  nameEn: 'Drum',
  bpm: null,
  audioKey: 'Am',
  kind: 'loop',
  tags: ['Dark', 'Warm'],
};

describe('a typed sample field', () => {
  it('shows tags comma-separated and a missing tempo empty', () => {
    expect(shownValue(sample, 'tags')).toBe('Dark, Warm');
    expect(shownValue(sample, 'bpm')).toBe('');
    expect(shownValue(sample, 'audioKey')).toBe('Am');
  });

  it('reads names, tempo and tags, and refuses what the gateway would', () => {
    expect(parseEdit('nameEn', '  Kick ')).toEqual({ nameEn: 'Kick' });
    expect(parseEdit('nameZh', '   ')).toEqual({ problem: 'name' });
    expect(parseEdit('bpm', '')).toEqual({ bpm: null });
    expect(parseEdit('bpm', '128')).toEqual({ bpm: 128 });
    expect(parseEdit('bpm', '12.5')).toEqual({ problem: 'bpm' });
    expect(parseEdit('bpm', '5')).toEqual({ problem: 'bpm' });
    expect(parseEdit('audioKey', '')).toEqual({ audioKey: null });
    expect(parseEdit('kind', 'oneshot')).toEqual({ kind: 'oneshot' });
    expect(parseEdit('tags', 'Dark, 暖，Dark,, ')).toEqual({ tags: ['Dark', '暖'] });
    expect(parseEdit('tags', 'x'.repeat(41))).toEqual({ problem: 'tags' });
  });
});
