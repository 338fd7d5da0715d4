import {
  API,
  type AdminInvite,
  type AdminPage,
  type AdminSample,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type AuditKind,
  type InviteKind,
  type PermissionId,
  type RolesOverview,
  type SampleEdit,
} from '../../shared/index.ts';
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
  /** One user and their orders. */
  user(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
    return http.get<AdminUserDetail>(API.adminUser(id), { signal });
  },
  /** A new role of permissions the caller holds. */
  createRole(role: { code: string; name: string; permissions: PermissionId[] }) {
    return http.post<RolesOverview>(API.adminRoles, role);
  },
  /** Renames a role and replaces its permissions. */
  updateRole(code: string, role: { name: string; permissions: PermissionId[] }) {
    return http.put<RolesOverview>(API.adminRole(code), role);
  },
  /** Deletes an operator's role; its holders lose it. */
  deleteRole(code: string): Promise<RolesOverview> {
    return http.delete<RolesOverview>(API.adminRole(code));
  },
  /** Sets the default role for staff (granted by staff invitation codes). */
  setStaffRole(role: string): Promise<RolesOverview> {
    return http.put<RolesOverview>(API.adminStaffRole, { role });
  },
  /** Every invitation code with who used it. */
  invites(signal?: AbortSignal): Promise<AdminInvite[]> {
    return http.get<AdminInvite[]>(API.adminInvites, { signal });
  },
  /** A new code (drawn when `code` is absent). */
  createInvite(invite: {
    code?: string;
    kind: InviteKind;
    uses: number;
    expiresAt: number | null;
  }): Promise<AdminInvite[]> {
    return http.post<AdminInvite[]>(API.adminInvites, invite);
  },
  /** Revokes a code. */
  revokeInvite(code: string): Promise<AdminInvite[]> {
    return http.delete<AdminInvite[]>(API.adminInvite(code));
  },
  /** A page of the audit log, newest first, of one kind or all. */
  audit(kind: AuditKind | '', page: number, signal?: AbortSignal): Promise<AdminPage<AuditEntry>> {
    const query = new URLSearchParams({
      page: String(page),
      pageSize: '30',
      ...(kind ? { kind } : {}),
    });
    return http.get<AdminPage<AuditEntry>>(`${API.adminAudit}?${query}`, { signal });
  },
  /** Samples of a pack and/or whose name contains `keyword`. */
  samples(
    query: { packCode?: string; keyword?: string; page: number },
    signal?: AbortSignal,
  ): Promise<AdminPage<AdminSample>> {
    const params = new URLSearchParams({ page: String(query.page), pageSize: '50' });
    if (query.packCode) params.set('packCode', query.packCode);
    if (query.keyword) params.set('keyword', query.keyword);
    return http.get<AdminPage<AdminSample>>(`${API.adminSamples}?${params}`, { signal });
  },
  /** Changes fields of one sample. */
  editSample(id: number, edit: SampleEdit): Promise<AdminSample> {
    return http.patch<AdminSample>(API.adminSample(id), edit);
  },
  /** The same change on every sample of `ids`, all or none. */
  editSamples(ids: number[], edit: SampleEdit): Promise<AdminSample[]> {
    return http.post<AdminSample[]>(API.adminSamplesBulk, { ids, edit });
  },
};
