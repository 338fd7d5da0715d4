import { describe, expect, it } from 'vitest';
import { crumbsFor, pageTitleFor } from './crumbs.ts';

const labels: Record<string, string> = { sounds: '音色', instruments: '乐器', Samples: '采样' };
const label = (s: string) => labels[s] ?? null;

describe('crumbsFor', () => {
  it('strips colons, translates known parts and skips structural segments', () => {
    expect(crumbsFor('/sounds/instruments/asset/Samples:Drums/:Kick', label)).toEqual([
      { path: '/sounds', title: '音色' },
      { path: '/sounds/instruments', title: '乐器' },
      { path: '/sounds/instruments/asset/Samples:Drums', title: '采样 Drums' },
      { path: '/sounds/instruments/asset/Samples:Drums/:Kick', title: 'Kick' },
    ]);
  });

  it('decodes escaped names and survives malformed ones', () => {
    expect(crumbsFor('/sounds/%E5%8F%A4%E7%AD%9D/%E0', label).map((c) => c.title)).toEqual([
      '音色',
      '古筝',
      '%E0',
    ]);
  });

  it('titles a page by its last crumb, home at /', () => {
    expect(pageTitleFor('/sounds/instruments', label, '首页')).toBe('乐器');
    expect(pageTitleFor('/', label, '首页')).toBe('首页');
  });
});
