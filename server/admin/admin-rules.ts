import type { FastifyRequest } from 'fastify';
import type { PermissionId } from '../../src/shared/api/admin.types.ts';
import { ApiError, invalidField, messageTable } from '../http/api-error.ts';
import type { Actor, RoleRecord } from './admin.repository.ts';

/** The admin area's refusals (docs/api/admin.md#rules). */
export const ADMIN_MESSAGES = messageTable({
  beyondAuthor: {
    zh: '不能授予或改动您自己没有的权限',
    en: 'You cannot grant or change a permission you do not hold',
  },
  lastAdmin: {
    zh: '不能移除或停用最后一位管理员',
    en: 'The last administrator cannot be removed or disabled',
  },
  unknownUser: { zh: '用户不存在', en: 'No such user' },
  unknownRole: invalidField('roles', '角色不存在', 'no such role'),
  noSuchRole: { zh: '角色不存在', en: 'No such role' },
  roleExists: { zh: '角色代码已存在', en: 'A role with this code exists' },
  builtIn: { zh: '内置角色不能删除', en: 'A built-in role cannot be deleted' },
  adminFixed: {
    zh: '管理员角色始终拥有全部权限，不能修改',
    en: 'The ADMIN role always holds every permission and cannot be changed',
  },
  unknownSample: { zh: '采样不存在', en: 'No such sample' },
  unknownSamples: invalidField(
    'ids',
    '有采样不存在，未做任何修改',
    'a sample does not exist; nothing was changed',
  ),
  inviteExists: { zh: '邀请码已存在', en: 'This invitation code exists' },
  inviteUnknown: { zh: '邀请码不存在或已撤销', en: 'No such invitation code, or it is revoked' },
  expiryPast: invalidField('expiresAt', '须晚于当前时间', 'it must be in the future'),
});

/** The change's actor: the signed-in caller, now. */
export const actorOf = (request: FastifyRequest, now: number): Actor => ({
  userId: request.user.id,
  now,
});

/** Every permission the named roles grant. */
export function permissionsOfRoles(
  codes: readonly string[],
  roles: readonly RoleRecord[],
): PermissionId[] {
  return [
    ...new Set(roles.filter((role) => codes.includes(role.code)).flatMap((r) => r.permissions)),
  ];
}

/**
 * A role cannot grant a permission its author lacks: the caller must hold every permission a
 * change gives, takes away or acts on (a 403 otherwise), so nobody acts above their own rights.
 */
export function requireHeld(request: FastifyRequest, permissions: readonly PermissionId[]): void {
  const held = request.user.permissions;
  if (permissions.some((permission) => !held.includes(permission)))
    throw new ApiError('FORBIDDEN', ADMIN_MESSAGES.beyondAuthor);
}

/** An edit's named fields in `order` (so audit rows read alike), strings trimmed. */
export const cleanedEdit = <E extends object>(order: readonly (keyof E)[], edit: E): E =>
  Object.fromEntries(
    order
      .filter((field) => edit[field] !== undefined)
      .map((field) => {
        const value = edit[field];
        return [field, typeof value === 'string' ? value.trim() : value];
      }),
  ) as E;
