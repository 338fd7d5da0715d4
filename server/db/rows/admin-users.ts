import type { AdminUser } from '../../../src/shared/api/admin.types.ts';
import type { Actor, UserChangeRefusal, Window } from '../../admin/admin.repository.ts';
import { all, endSessions, get, run, type Program } from './steps.ts';
import { num, orNull, text, type Row } from './values.ts';

const USER_COLUMNS = `u.id, u.email, u.plan, u.download_quota, u.disabled_at, u.created_at,
  (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS order_count`;

/** `?` marks for a list of values. */
export const marks = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** The insert of an audit row, `?` placeholders in auditValues order. */
export const AUDIT_INSERT = `INSERT INTO audit_log (at, actor_id, action, target, before_value, after_value)
  VALUES (?, ?, ?, ?, ?, ?)`;

/** An audit row's values in AUDIT_INSERT order (before and after as JSON text, or null). */
export const auditValues = (
  actor: Actor,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
): (string | number | null)[] => {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return [actor.now, actor.userId, action, target, json(before), json(after)];
};

/** Writes an audit row: who, when, what, before → after (docs/ADMIN.md). */
export function* audit(
  actor: Actor,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
): Program<void> {
  yield* run(AUDIT_INSERT, auditValues(actor, action, target, before, after));
}

/** The role codes of each of `ids`, sorted. */
function* rolesOf(ids: readonly number[]): Program<Map<number, string[]>> {
  const roles = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return roles;
  const rows = yield* all(
    `SELECT user_id, role_code FROM user_roles WHERE user_id IN (${marks(ids)})`,
    ids,
  );
  for (const row of rows) roles.get(num(row.user_id))?.push(text(row.role_code));
  for (const list of roles.values()) list.sort();
  return roles;
}

function* toUsers(rows: Row[]): Program<AdminUser[]> {
  const roles = yield* rolesOf(rows.map((row) => num(row.id)));
  return rows.map((row) => ({
    id: num(row.id),
    email: text(row.email),
    roles: roles.get(num(row.id)) ?? [],
    plan: text(row.plan),
    downloadQuota: orNull(row.download_quota, num),
    orderCount: num(row.order_count),
    disabled: row.disabled_at !== null,
    createdAt: text(row.created_at),
  }));
}

/** Users whose e-mail contains the keyword, newest first, and their total. */
export function* findUsers(
  query: Window & { keyword?: string },
): Program<{ records: AdminUser[]; total: number }> {
  const keyword = query.keyword?.toLowerCase();
  // LIKE's own wildcards in the keyword are literal characters.
  const where = keyword ? `WHERE u.email LIKE ? ESCAPE '\\'` : '';
  const params = keyword ? [`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
  const total = num((yield* get(`SELECT COUNT(*) AS n FROM users u ${where}`, params))?.n);
  const rows = yield* all(
    `SELECT ${USER_COLUMNS} FROM users u ${where} ORDER BY u.id DESC LIMIT ? OFFSET ?`,
    [...params, query.limit, query.offset],
  );
  return { records: yield* toUsers(rows), total };
}

/** One user, or null. */
export function* findUser(id: number): Program<AdminUser | null> {
  const row = yield* get(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`, [id]);
  return row ? ((yield* toUsers([row]))[0] ?? null) : null;
}

/** Whether an enabled account other than `userId` holds ADMIN. */
function* anotherAdmin(userId: number): Program<boolean> {
  const row = yield* get(
    `SELECT 1 AS found FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role_code = 'ADMIN' AND u.disabled_at IS NULL AND u.id <> ? LIMIT 1`,
    [userId],
  );
  return row !== null;
}

/** Whether a change that takes ADMIN or the account from `user` would leave no administrator. */
function* isLastAdmin(user: AdminUser): Program<boolean> {
  return !user.disabled && user.roles.includes('ADMIN') && !(yield* anotherAdmin(user.id));
}

type Refused<R> = { ok: false; reason: R };

/** Replaces a user's roles (docs/ADMIN.md: never the last administrator's ADMIN). */
export function* setUserRoles(
  userId: number,
  roles: readonly string[],
  actor: Actor,
): Program<{ ok: true } | Refused<UserChangeRefusal>> {
  const user = yield* findUser(userId);
  if (!user) return { ok: false, reason: 'unknownUser' };
  const next = [...new Set(roles)].sort();
  if (next.length > 0) {
    const known = yield* all(`SELECT code FROM roles WHERE code IN (${marks(next)})`, next);
    if (known.length !== next.length) return { ok: false, reason: 'unknownRole' };
  }
  if (!next.includes('ADMIN') && (yield* isLastAdmin(user)))
    return { ok: false, reason: 'lastAdmin' };
  yield* run('DELETE FROM user_roles WHERE user_id = ?', [userId]);
  for (const role of next)
    yield* run('INSERT INTO user_roles (user_id, role_code) VALUES (?, ?)', [userId, role]);
  yield* audit(actor, 'user.roles', `user:${userId}`, user.roles, next);
  return { ok: true };
}

/** Disables an account and ends its sessions, or enables it (never the last administrator). */
export function* setUserDisabled(
  userId: number,
  disabled: boolean,
  actor: Actor,
): Program<{ ok: true } | Refused<Exclude<UserChangeRefusal, 'unknownRole'>>> {
  const user = yield* findUser(userId);
  if (!user) return { ok: false, reason: 'unknownUser' };
  if (disabled && (yield* isLastAdmin(user))) return { ok: false, reason: 'lastAdmin' };
  if (user.disabled === disabled) return { ok: true };
  yield* run('UPDATE users SET disabled_at = ? WHERE id = ?', [
    disabled ? actor.now : null,
    userId,
  ]);
  if (disabled) yield* endSessions(userId, actor.now);
  yield* audit(
    actor,
    disabled ? 'user.disable' : 'user.enable',
    `user:${userId}`,
    { disabled: user.disabled },
    { disabled },
  );
  return { ok: true };
}
