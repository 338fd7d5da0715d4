import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** The operator's console strings (namespace `admin`), English. */
export const en: LocaleShape<typeof zh> = {
  title: 'Admin',
  users: {
    title: 'Personnel',
    search: 'Find by e-mail',
    email: 'E-mail',
    roles: 'Roles',
    plan: 'Plan',
    credits: 'Downloads left',
    orders: 'Orders',
    state: 'State',
    active: 'Active',
    disabled: 'Disabled',
    disable: 'Disable',
    enable: 'Enable',
    editRoles: 'Change roles',
    save: 'Save',
    cancel: 'Cancel',
    unlimited: 'Unlimited',
    empty: 'No user matches',
  },
  roles: {
    builtInNames: { ORDINARY: 'Ordinary user', CREATOR: 'Creator', ADMIN: 'Administrator' },
    title: 'Roles and permissions',
    builtIn: 'built in',
    holders: 'holders: {{count}}',
    staffDefault: 'Default role for staff: {{role}}',
    none: 'No permission',
  },
};
