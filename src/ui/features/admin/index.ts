import type { UserInfo } from '../../../shared/index.ts';

/** Whether the user holds any admin permission: the avatar menu then offers /admin. */
export const holdsAdminPermission = (userInfo: UserInfo | null): boolean =>
  (userInfo?.permissions.length ?? 0) > 0;
