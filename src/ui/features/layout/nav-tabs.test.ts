import { describe, expect, it } from 'vitest';
import { navTabsFor } from './nav-tabs.ts';

const keys = (roles: string[] | null) =>
  navTabsFor(roles ? { roles: roles.map((roleCode) => ({ roleCode }) as never) } : null).map(
    (tab) => tab.key,
  );

describe('navTabsFor (docs/PRODUCT.md §6)', () => {
  it('shows Sounds only to visitors, ORDINARY users and users without roles', () => {
    expect(keys(null)).toEqual(['sounds']);
    expect(keys([])).toEqual(['sounds']);
    expect(keys(['ORDINARY'])).toEqual(['sounds']);
  });

  it('shows Sounds, Music and Pricing to any other role', () => {
    expect(keys(['CREATOR'])).toEqual(['sounds', 'music', 'pricing']);
    expect(keys(['ORDINARY', 'ADMIN'])).toEqual(['sounds', 'music', 'pricing']);
  });
});
