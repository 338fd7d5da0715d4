import { API, type AdminPage, type AdminUser, type RolesOverview } from '../../shared/index.ts';
import { http } from './http.client.ts';

/** The operator's calls (docs/api/admin.md); the gateway checks every permission. */
export const adminApi = {
  /** Users whose e-mail contains `keyword`, newest first. */
  users(keyword: string, signal?: AbortSignal): Promise<AdminPage<AdminUser>> {
    const query = new URLSearchParams({ pageSize: '50', ...(keyword ? { keyword } : {}) });
    return http.get<AdminPage<AdminUser>>(`${API.adminUsers}?${query}`, { signal });
  },
  /** Replaces a user's roles. */
  setRoles(id: number, roles: string[]): Promise<AdminUser> {
    return http.put<AdminUser>(API.adminUserRoles(id), { roles });
  },
  /** Disables (every session ends) or enables an account. */
  setDisabled(id: number, disabled: boolean): Promise<AdminUser> {
    return http.put<AdminUser>(API.adminUserDisabled(id), { disabled });
  },
  /** The roles, the permission catalogue and the default role for staff. */
  roles(signal?: AbortSignal): Promise<RolesOverview> {
    return http.get<RolesOverview>(API.adminRoles, { signal });
  },
};
