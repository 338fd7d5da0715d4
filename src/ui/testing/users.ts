import { afterEach, beforeEach } from 'vitest';
import { PERMISSION_IDS, type RoleCode, type UserInfo } from '../../shared/index.ts';
import { useSessionStore } from '../stores/session.store.ts';

/** A profile like the gateway's, for component tests. */
export function userInfo(roles: RoleCode[], overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    email: 'demo@yinku.local',
    roles: roles.map((roleCode) => ({ roleCode })),
    permissions: roles.includes('ADMIN') ? [...PERMISSION_IDS] : [],
    menus: [
      {
        key: 'browse',
        name: '浏览',
        path: '/sounds',
        selected: false,
        children: [
          {
            key: 'instruments',
            name: '乐器',
            path: '/sounds/instruments',
            selected: false,
            children: [],
          },
        ],
      },
      {
        key: 'stockroom',
        name: '仓库',
        path: '/sounds/stockroom',
        selected: false,
        children: [
          {
            key: 'stockroomSamples',
            name: '采样',
            path: '/sounds/stockroom/resources',
            selected: false,
            children: [],
          },
        ],
      },
      {
        key: 'likes',
        name: '收藏',
        path: '/sounds/other',
        selected: false,
        children: [
          {
            key: 'likedPacks',
            name: '音色包',
            path: '/sounds/other/Packs',
            selected: false,
            children: [],
          },
        ],
      },
    ],
    sampleTypes: [],
    downloadQuota: 20,
    plan: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Signs each test of the calling file in with placeholder tokens, and out again after it. */
export function signedInPerTest(): void {
  beforeEach(() => useSessionStore.getState().setTokens({ accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => useSessionStore.getState().clear());
}
