import type { UserInfo } from '../../../shared/index.ts';
import { isOrdinary } from '../../stores/session.store.ts';

/** A top-bar tab: its route and label key. */
export interface NavTab {
  key: 'sounds' | 'music' | 'pricing';
  path: string;
}

/** Top-bar tabs by role (docs/PRODUCT.md §6): ORDINARY, no roles or visitors see Sounds only. */
export function navTabsFor(userInfo: Pick<UserInfo, 'roles'> | null): NavTab[] {
  const sounds: NavTab = { key: 'sounds', path: '/sounds' };
  if (!userInfo || isOrdinary(userInfo)) return [sounds];
  return [sounds, { key: 'music', path: '/songai' }, { key: 'pricing', path: '/profile/fieldset' }];
}
