import type { Menu, UserInfo } from '../../src/shared/api/account.types.ts';
import type { Language } from '../../src/shared/languages.ts';
import type { AccountRecord } from './accounts.repository.ts';

interface MenuSpec {
  key: string;
  path: string;
  zh: string;
  en: string;
  children?: MenuSpec[];
}

// The three sidebar groups of docs/PRODUCT.md §2: browse (the four categories), warehouse, liked.
const MENUS: MenuSpec[] = [
  {
    key: 'browse',
    path: '/sounds',
    zh: '浏览',
    en: 'Browse',
    children: [
      { key: 'instruments', path: '/sounds/instruments', zh: '乐器', en: 'Instruments' },
      { key: 'genres', path: '/sounds/genres', zh: '曲风', en: 'Genres' },
      { key: 'cinematicFx', path: '/sounds/cinematicFx', zh: '影视音效', en: 'Cinematic FX' },
      { key: 'chineseStyle', path: '/sounds/chineseStyle', zh: '中国风', en: 'Chinese style' },
    ],
  },
  {
    key: 'stockroom',
    path: '/sounds/stockroom',
    zh: '仓库',
    en: 'Warehouse',
    children: [
      { key: 'stockroomSamples', path: '/sounds/stockroom/resources', zh: '采样', en: 'Samples' },
      { key: 'stockroomPacks', path: '/sounds/stockroom/Packs', zh: '音色包', en: 'Packs' },
    ],
  },
  {
    key: 'likes',
    path: '/sounds/other',
    zh: '收藏',
    en: 'Liked',
    children: [
      { key: 'likedSamples', path: '/sounds/other/likes', zh: '采样', en: 'Samples' },
      { key: 'likedPacks', path: '/sounds/other/Packs', zh: '音色包', en: 'Packs' },
    ],
  },
];

const toMenu = (spec: MenuSpec, language: Language): Menu => ({
  key: spec.key,
  name: spec[language],
  path: spec.path,
  // Which entry is current depends on the route, which only the client knows.
  selected: false,
  children: (spec.children ?? []).map((child) => toMenu(child, language)),
});

/** The sidebar menus, names localised to `language`, with stable keys. */
function profileMenus(language: Language): Menu[] {
  return MENUS.map((spec) => toMenu(spec, language));
}

/** The profile answer (docs/PRODUCT.md §3 userInfo plus account facts). */
export function toUserInfo(account: AccountRecord, language: Language): UserInfo {
  return {
    id: account.id,
    email: account.email,
    roles: account.roles.map((roleCode) => ({ roleCode })),
    permissions: account.permissions,
    menus: profileMenus(language),
    sampleTypes: account.sampleTypes.map((name) => ({ name })),
    downloadQuota: account.downloadQuota,
    plan: account.plan,
    createdAt: account.createdAt,
  };
}
