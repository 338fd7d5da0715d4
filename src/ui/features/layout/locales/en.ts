import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Layout strings (namespace `layout`), English. */
export const en: LocaleShape<typeof zh> = {
  home: 'Yinku home',
  nav: {
    sounds: 'Sounds',
    music: 'Music',
    pricing: 'Pricing',
    label: 'Main navigation',
    openMenu: 'Open menu',
  },
  visitor: { login: 'Log in', register: 'Register' },
  search: { toggle: 'Search' },
  avatar: {
    admin: 'Admin',
    menu: 'Account menu',
    viewProfile: 'View profile',
    settings: 'Settings',
    installApp: 'Install desktop app',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    logout: 'Log out',
  },
  sidebar: {
    label: 'Sounds navigation',
    offline: 'Navigation is unavailable in offline mode',
    groups: { browse: 'Browse', stockroom: 'Warehouse', liked: 'Liked' },
  },
  theme: { toDark: 'Switch to dark mode', toLight: 'Switch to light mode' },
  language: 'Language',
};
