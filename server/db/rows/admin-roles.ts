import {
  BUILT_IN_ROLES,
  PERMISSION_IDS,
  type AdminInvite,
  type AuditEntry,
  type InviteKind,
  type PermissionId,
} from '../../../src/shared/api/admin.types.ts';
import type { Actor, NewInvite, RoleRecord, Window } from '../../admin/admin.repository.ts';
import { audit } from './admin-users.ts';
import { all, get, run, type Program } from './steps.ts';
import { num, orNull, text } from './values.ts';

const STAFF_DEFAULT = 'staffDefaultRole';

/** Every role with its permissions and holders, built-in ones first (in their order), then by code. */
export function* listRoles(): Program<RoleRecord[]> {
  const roles = yield* all('SELECT code, name, built_in FROM roles');
  const grants = yield* all('SELECT role_code, permission FROM role_permissions');
  const counts = yield* all('SELECT role_code, COUNT(*) AS n FROM user_roles GROUP BY role_code');
  const held = (code: string): PermissionId[] =>
    code === 'ADMIN'
      ? [...PERMISSION_IDS]
      : PERMISSION_IDS.filter((id) =>
          grants.some((row) => row.role_code === code && row.permission === id),
        );
  const rank = (code: string) => {
    const at = BUILT_IN_ROLES.indexOf(code as never);
    return at === -1 ? BUILT_IN_ROLES.length : at;
  };
  return roles
    .map((row) => ({
      code: text(row.code),
      name: text(row.name),
      builtIn: Boolean(row.built_in),
      permissions: held(text(row.code)),
      userCount: num(counts.find((count) => count.role_code === row.code)?.n),
    }))
    .sort((a, b) => rank(a.code) - rank(b.code) || (a.code < b.code ? -1 : 1));
}

function* findRole(code: string): Program<RoleRecord | null> {
  return (yield* listRoles()).find((role) => role.code === code) ?? null;
}

function* grant(code: string, permissions: readonly PermissionId[]): Program<void> {
  for (const permission of new Set(permissions))
    yield* run('INSERT INTO role_permissions (role_code, permission) VALUES (?, ?)', [
      code,
      permission,
    ]);
}

const shown = (role: { name: string; permissions: readonly PermissionId[] }) => ({
  name: role.name,
  permissions: PERMISSION_IDS.filter((id) => role.permissions.includes(id)),
});

/** Creates a role; false when its code is taken. */
export function* createRole(
  role: { code: string; name: string; permissions: readonly PermissionId[] },
  actor: Actor,
): Program<boolean> {
  if (yield* get('SELECT 1 AS found FROM roles WHERE code = ?', [role.code])) return false;
  yield* run('INSERT INTO roles (code, name, created_at) VALUES (?, ?, ?)', [
    role.code,
    role.name,
    actor.now,
  ]);
  yield* grant(role.code, role.permissions);
  yield* audit(actor, 'role.create', `role:${role.code}`, null, shown(role));
  return true;
}

/** Renames a role and replaces its permissions; false for an unknown role. */
export function* updateRole(
  code: string,
  role: { name: string; permissions: readonly PermissionId[] },
  actor: Actor,
): Program<boolean> {
  const before = yield* findRole(code);
  if (!before) return false;
  yield* run('UPDATE roles SET name = ? WHERE code = ?', [role.name, code]);
  yield* run('DELETE FROM role_permissions WHERE role_code = ?', [code]);
  yield* grant(code, role.permissions);
  yield* audit(actor, 'role.update', `role:${code}`, shown(before), shown(role));
  return true;
}

/** Deletes an operator's role (the default role for staff falls back to CREATOR). */
export function* deleteRole(code: string, actor: Actor): Program<boolean> {
  const before = yield* findRole(code);
  if (!before || before.builtIn) return false;
  yield* run('DELETE FROM roles WHERE code = ?', [code]);
  yield* run(`UPDATE admin_settings SET value = 'CREATOR' WHERE key = ? AND value = ?`, [
    STAFF_DEFAULT,
    code,
  ]);
  yield* audit(
    actor,
    'role.delete',
    `role:${code}`,
    { ...shown(before), holders: before.userCount },
    null,
  );
  return true;
}

/** The default role for staff. */
export function* staffDefaultRole(): Program<string> {
  return text(
    (yield* get('SELECT value FROM admin_settings WHERE key = ?', [STAFF_DEFAULT]))?.value,
  );
}

/** Sets the default role for staff; false for an unknown role. */
export function* setStaffDefaultRole(code: string, actor: Actor): Program<boolean> {
  if (!(yield* get('SELECT 1 AS found FROM roles WHERE code = ?', [code]))) return false;
  const before = yield* staffDefaultRole();
  yield* run('UPDATE admin_settings SET value = ? WHERE key = ?', [code, STAFF_DEFAULT]);
  yield* audit(actor, 'settings.staffDefaultRole', 'settings', before, code);
  return true;
}

/** Every invitation code with who used it (finished assessments), newest first. */
export function* listInvites(): Program<AdminInvite[]> {
  const codes = yield* all(
    `SELECT code, kind, uses_left, expires_at, revoked_at FROM invitation_codes
     ORDER BY created_at DESC, code`,
  );
  const uses = yield* all(
    `SELECT a.invitation_code, a.user_id, u.email, a.finished_at FROM assessments a
     JOIN users u ON u.id = a.user_id WHERE a.finished_at IS NOT NULL ORDER BY a.finished_at`,
  );
  return codes.map((row) => ({
    code: text(row.code),
    kind: text(row.kind) as InviteKind,
    usesLeft: num(row.uses_left),
    expiresAt: orNull(row.expires_at, num),
    revokedAt: orNull(row.revoked_at, num),
    usedBy: uses
      .filter((use) => use.invitation_code === row.code)
      .map((use) => ({
        userId: num(use.user_id),
        email: text(use.email),
        at: num(use.finished_at),
      })),
  }));
}

/** Creates an invitation code; false when it exists. */
export function* createInvite(invite: NewInvite, actor: Actor): Program<boolean> {
  const added = yield* run(
    `INSERT INTO invitation_codes (code, kind, uses_left, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
    [invite.code, invite.kind, invite.uses, invite.expiresAt, actor.now],
  );
  if (added === 0) return false;
  yield* audit(actor, 'invite.create', `invite:${invite.code}`, null, {
    kind: invite.kind,
    uses: invite.uses,
    expiresAt: invite.expiresAt,
  });
  return true;
}

/** Revokes a code; false when it is unknown or already revoked. */
export function* revokeInvite(code: string, actor: Actor): Program<boolean> {
  const revoked = yield* run(
    'UPDATE invitation_codes SET revoked_at = ? WHERE code = ? AND revoked_at IS NULL',
    [actor.now, code],
  );
  if (revoked === 0) return false;
  yield* audit(actor, 'invite.revoke', `invite:${code}`, { revoked: false }, { revoked: true });
  return true;
}

/** The audit log, newest first, and its total; `kind` keeps the actions `kind.*`. */
export function* auditLog(
  window: Window & { kind?: string },
): Program<{ records: AuditEntry[]; total: number }> {
  // A kind is letters only (the route's schema), so it needs no LIKE escape.
  const where = window.kind ? 'WHERE a.action LIKE ?' : '';
  const params = window.kind ? [`${window.kind}.%`] : [];
  const total = num((yield* get(`SELECT COUNT(*) AS n FROM audit_log a ${where}`, params))?.n);
  const rows = yield* all(
    `SELECT a.id, a.at, a.actor_id, u.email, a.action, a.target, a.before_value, a.after_value
     FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ${where}
     ORDER BY a.id DESC LIMIT ? OFFSET ?`,
    [...params, window.limit, window.offset],
  );
  const records = rows.map((row) => ({
    id: num(row.id),
    at: num(row.at),
    actorId: num(row.actor_id),
    actorEmail: text(row.email),
    action: text(row.action),
    target: text(row.target),
    before: orNull(row.before_value, text),
    after: orNull(row.after_value, text),
  }));
  return { records, total };
}
