import { describe, expect, it } from 'vitest';
import type { InsightKind } from './insight.repository.ts';
import type { InsightRecorder } from './insight-recorder.ts';
import { countSearch, normaliseKeyword } from './insight-events.ts';

describe('normaliseKeyword', () => {
  it('cleans, lower-cases, joins spaces and cuts long keywords; nothing left is null', () => {
    expect(normaliseKeyword('  Deep\u200b  KICK\t808 ')).toBe('deep kick 808');
    expect(normaliseKeyword('古筝  滑音')).toBe('古筝 滑音');
    expect(normaliseKeyword('x'.repeat(200))).toHaveLength(60);
    expect(normaliseKeyword(' \u0000 ')).toBeNull();
    expect(normaliseKeyword(undefined)).toBeNull();
  });
});

describe('countSearch', () => {
  const recorder = () => {
    const counted: string[] = [];
    const insight: InsightRecorder = {
      count: (kind: InsightKind, key: string) => void counted.push(`${kind}:${key}`),
      flush: async () => {},
      close: async () => {},
    };
    return { insight, counted };
  };

  it('counts the first page once, and again as zero-result when nothing was found', () => {
    const { insight, counted } = recorder();
    countSearch(insight, { keyword: 'Kick', page: 1 }, 12);
    countSearch(insight, { keyword: 'Kick', page: 2 }, 12);
    countSearch(insight, { keyword: 'wombat', page: 1 }, 0);
    countSearch(insight, { page: 1 }, 0);
    expect(counted).toEqual(['search:kick', 'search:wombat', 'search0:wombat']);
  });
});
