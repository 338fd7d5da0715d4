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

// One sidebar entry, a line of the table below.
const menu = (key: string, path: string, zh: string, en: string, children?: MenuSpec[]) =>
  ({ key, path, zh, en, children }) satisfies MenuSpec;

// The three sidebar groups of docs/PRODUCT.md §2: browse (the four categories), warehouse, liked.
const MENUS: MenuSpec[] = [
  menu('browse', '/sounds', '浏览', 'Browse', [
    menu('instruments', '/sounds/instruments', '乐器', 'Instruments'),
    menu('genres', '/sounds/genres', '曲风', 'Genres'),
    menu('cinematicFx', '/sounds/cinematicFx', '影视音效', 'Cinematic FX'),
    menu('chineseStyle', '/sounds/chineseStyle', '中国风', 'Chinese style'),
  ]),
  menu('stockroom', '/sounds/stockroom', '仓库', 'Warehouse', [
    menu('stockroomSamples', '/sounds/stockroom/resources', '采样', 'Samples'),
    menu('stockroomPacks', '/sounds/stockroom/Packs', '音色包', 'Packs'),
  ]),
  menu('likes', '/sounds/other', '收藏', 'Liked', [
    menu('likedSamples', '/sounds/other/likes', '采样', 'Samples'),
    menu('likedPacks', '/sounds/other/Packs', '音色包', 'Packs'),
  ]),
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
