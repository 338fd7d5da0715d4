import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminInvite,
  AdminPage,
  AuditEntry,
  RolesOverview,
} from '../../src/shared/api/admin.types.ts';
import type { AssessmentStart } from '../../src/shared/api/account.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { INVITATION_CODE_PATTERN } from '../../src/shared/constants.ts';
import { manualClock } from '../../server/clock.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, type TestUser } from '../testing/accounts.ts';

const clock = manualClock(Date.UTC(2026, 0, 1));
let gateway: TestGateway;
let admin: TestUser;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none', clock });
  admin = await createUser(gateway, { role: 'ADMIN' });
});
afterAll(() => gateway.close());

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  apiCall<T>(gateway, method, path, { token: admin.accessToken, body, language: 'en' });
const roleOf = (overview: RolesOverview, code: string) =>
  overview.roles.find((role) => role.code === code);
const audit = async () =>
  (await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?pageSize=100`)).body.data;

describe('roles', () => {
  it('lists the built-in roles first, ADMIN with every permission, and the catalogue in the language', async () => {
    const reply = await call<RolesOverview>('GET', API.adminRoles);
    expect(reply.status).toBe(200);
    const { roles, permissions, staffDefaultRole } = reply.body.data;
    expect(roles.slice(0, 3).map((role) => [role.code, role.builtIn])).toEqual([
      ['ORDINARY', true],
      ['CREATOR', true],
      ['ADMIN', true],
    ]);
    expect(roleOf(reply.body.data, 'ADMIN')!.permissions).toEqual(
      permissions.map((p) => p.identifier),
    );
    expect(permissions.find((p) => p.identifier === 'users.manage')).toEqual({
      identifier: 'users.manage',
      name: 'Personnel',
      description: 'Find users, change their roles, disable accounts',
    });
    expect(staffDefaultRole).toBe('CREATOR');
    const zh = await apiCall<RolesOverview>(gateway, 'GET', API.adminRoles, {
      token: admin.accessToken,
    });
    expect(zh.body.data.permissions[0]!.name).toBe('编辑曲库');
  });

  it('creates, changes and deletes a role; each change is in the audit log', async () => {
    const created = await call<RolesOverview>('POST', API.adminRoles, {
      code: 'EDITOR',
      name: 'Editor',
      permissions: ['catalogue.edit'],
    });
    expect(roleOf(created.body.data, 'EDITOR')).toEqual({
      code: 'EDITOR',
      name: 'Editor',
      builtIn: false,
      permissions: ['catalogue.edit'],
      userCount: 0,
    });
    const changed = await call<RolesOverview>('PUT', API.adminRole('EDITOR'), {
      name: 'Catalogue editor',
      permissions: ['review.manage', 'catalogue.edit'],
    });
    expect(roleOf(changed.body.data, 'EDITOR')!.permissions).toEqual([
      'catalogue.edit',
      'review.manage',
    ]);
    const holder = await createUser(gateway);
    await call('PUT', API.adminUserRoles(holder.id), { roles: ['EDITOR'] });
    await call('PUT', API.adminStaffRole, { role: 'EDITOR' });
    const deleted = await call<RolesOverview>('DELETE', API.adminRole('EDITOR'));
    expect(roleOf(deleted.body.data, 'EDITOR')).toBeUndefined();
    // Its holder lost it, and the default role for staff fell back to CREATOR.
    expect(deleted.body.data.staffDefaultRole).toBe('CREATOR');
    const found = await call<AdminPage<{ roles: string[] }>>(
      'GET',
      `${API.adminUsers}?keyword=${holder.email}`,
    );
    expect(found.body.data.records[0]!.roles).toEqual([]);
    const log = (await audit()).records.filter((entry) => entry.target === 'role:EDITOR');
    expect(log.map((entry) => entry.action)).toEqual(['role.delete', 'role.update', 'role.create']);
    expect(log[1]).toMatchObject({
      actorId: admin.id,
      before: '{"name":"Editor","permissions":["catalogue.edit"]}',
      after: '{"name":"Catalogue editor","permissions":["catalogue.edit","review.manage"]}',
    });
  });

  it('keeps the built-in roles: no delete, ADMIN unchanged', async () => {
    for (const code of ['ORDINARY', 'CREATOR', 'ADMIN']) {
      const reply = await call('DELETE', API.adminRole(code));
      expect([reply.status, reply.errorMessage], code).toEqual([
        409,
        'A built-in role cannot be deleted',
      ]);
    }
    const admin = await call('PUT', API.adminRole('ADMIN'), { name: 'x', permissions: [] });
    expect(admin.status).toBe(409);
    // ORDINARY's permissions may change, like any other role's.
    const ordinary = await call<RolesOverview>('PUT', API.adminRole('ORDINARY'), {
      name: 'Ordinary user',
      permissions: [],
    });
    expect(ordinary.status).toBe(200);
  });

  it('refuses bad input: a taken or malformed code, unknown permissions, empty names, unknown roles', async () => {
    const body = { code: 'TAKEN', name: 'Taken', permissions: [] };
    expect((await call('POST', API.adminRoles, body)).status).toBe(200);
    const taken = await call('POST', API.adminRoles, body);
    expect([taken.status, taken.body.field]).toEqual([409, 'code']);
    const cases: Array<[unknown, string]> = [
      [{ ...body, code: 'taken2' }, 'code'],
      [{ ...body, code: 'X' }, 'code'],
      [{ ...body, code: 'NEW', permissions: ['root'] }, 'permissions.0'],
      [{ ...body, code: 'NEW', permissions: ['users.manage', 'users.manage'] }, 'permissions'],
      [{ ...body, code: 'NEW', name: '   ' }, 'name'],
      [{ ...body, code: 'NEW', extra: 1 }, 'extra'],
    ];
    for (const [bad, field] of cases) {
      const reply = await call('POST', API.adminRoles, bad);
      expect([reply.status, reply.body.field], JSON.stringify(bad)).toEqual([400, field]);
    }
    expect((await call('PUT', API.adminRole('NOPE'), { name: 'n', permissions: [] })).status).toBe(
      404,
    );
    expect((await call('DELETE', API.adminRole('NOPE'))).status).toBe(404);
    expect((await call('PUT', API.adminStaffRole, { role: 'NOPE' })).status).toBe(404);
    const roles = (await call<RolesOverview>('GET', API.adminRoles)).body.data.roles;
    expect(roles.map((role) => role.code)).not.toContain('NEW');
  });
});

describe('invitation codes', () => {
  const start = (user: TestUser, invitationCode: string) =>
    apiCall<AssessmentStart>(gateway, 'POST', API.assessmentStart, {
      token: user.accessToken,
      body: { invitationCode },
    });
  const finish = (user: TestUser, assessmentId: string) =>
    apiCall(gateway, 'POST', API.assessmentFinish, {
      token: user.accessToken,
      body: {
        assessmentId,
        answers: { role: ['producer'], genres: ['trap'], instruments: ['808'] },
      },
    });

  it('creates a code with uses and an expiry, lists who used it, and revokes it', async () => {
    const made = await call<AdminInvite[]>('POST', API.adminInvites, {
      code: 'abc_123',
      uses: 2,
      expiresAt: clock.now() + 3600_000,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.find((invite) => invite.code === 'ABC_123')).toEqual({
      code: 'ABC_123',
      kind: 'creator',
      usesLeft: 2,
      expiresAt: clock.now() + 3600_000,
      revokedAt: null,
      usedBy: [],
    });
    const user = await createUser(gateway);
    const started = await start(user, 'ABC_123');
    expect((await finish(user, started.body.data.assessmentId)).status).toBe(200);
    const listed = await call<AdminInvite[]>('GET', API.adminInvites);
    const invite = listed.body.data.find((i) => i.code === 'ABC_123')!;
    expect([invite.usesLeft, invite.usedBy.map((use) => use.email)]).toEqual([1, [user.email]]);

    const other = await createUser(gateway);
    const pending = await start(other, 'ABC_123');
    expect((await call('DELETE', API.adminInvite('ABC_123'))).status).toBe(200);
    // Revoked: it neither starts nor finishes an assessment, and cannot be revoked twice.
    expect((await start(other, 'ABC_123')).status).toBe(400);
    expect((await finish(other, pending.body.data.assessmentId)).status).toBe(409);
    expect((await call('DELETE', API.adminInvite('ABC_123'))).status).toBe(404);
    const actions = (await audit()).records.filter((entry) => entry.target === 'invite:ABC_123');
    expect(actions.map((entry) => entry.action)).toEqual(['invite.revoke', 'invite.create']);
  });

  it('grants the default role for staff to whoever finishes with a staff code, and only then', async () => {
    await call('POST', API.adminRoles, { code: 'STAFFER', name: 'Staffer', permissions: [] });
    expect((await call('PUT', API.adminStaffRole, { role: 'STAFFER' })).status).toBe(200);
    const staff = await call<AdminInvite[]>('POST', API.adminInvites, {
      code: 'STF_001',
      kind: 'staff',
      uses: 2,
    });
    expect(staff.body.data.find((i) => i.code === 'STF_001')?.kind).toBe('staff');
    await call('POST', API.adminInvites, { code: 'CRE_001', uses: 2 });
    const rolesOf = async (user: TestUser) =>
      (await call<{ user: { roles: string[] } }>('GET', API.adminUser(user.id))).body.data.user
        .roles;
    const hired = await createUser(gateway);
    expect(
      (await finish(hired, (await start(hired, 'STF_001')).body.data.assessmentId)).status,
    ).toBe(200);
    expect(await rolesOf(hired)).toEqual(['CREATOR', 'ORDINARY', 'STAFFER']);
    const creator = await createUser(gateway);
    await finish(creator, (await start(creator, 'CRE_001')).body.data.assessmentId);
    expect(await rolesOf(creator)).toEqual(['CREATOR', 'ORDINARY']);
    // The role is the one set when the assessment finishes.
    await call('PUT', API.adminStaffRole, { role: 'CREATOR' });
    const later = await createUser(gateway);
    await finish(later, (await start(later, 'STF_001')).body.data.assessmentId);
    expect(await rolesOf(later)).toEqual(['CREATOR', 'ORDINARY']);
    const bad = await call('POST', API.adminInvites, { kind: 'boss', uses: 1 });
    expect([bad.status, bad.body.field]).toEqual([400, 'kind']);
  });

  it('draws a code of the format when none is given, and lets it expire', async () => {
    const before = (await call<AdminInvite[]>('GET', API.adminInvites)).body.data;
    const made = await call<AdminInvite[]>('POST', API.adminInvites, {
      uses: 1,
      expiresAt: clock.now() + 60_000,
    });
    const fresh = made.body.data.filter((i) => !before.some((old) => old.code === i.code));
    expect(fresh).toHaveLength(1);
    const drawn = fresh[0]!;
    expect(drawn.code).toMatch(INVITATION_CODE_PATTERN);
    const user = await createUser(gateway);
    clock.advance(61_000);
    expect((await start(user, drawn.code)).status).toBe(400);
  });

  it('refuses a taken code, a malformed one, a past expiry and bad uses', async () => {
    await call('POST', API.adminInvites, { code: 'DUP_001', uses: 1 });
    const dup = await call('POST', API.adminInvites, { code: 'DUP_001', uses: 1 });
    expect([dup.status, dup.body.field]).toEqual([409, 'code']);
    const cases: Array<[unknown, string]> = [
      [{ code: 'DUP001', uses: 1 }, 'code'],
      [{ code: 'DU_0001', uses: 1 }, 'code'],
      [{ uses: 0 }, 'uses'],
      [{ uses: 1.5 }, 'uses'],
      [{}, 'uses'],
      [{ uses: 1, expiresAt: clock.now() - 1 }, 'expiresAt'],
      [{ uses: 1, expiresAt: 'tomorrow' }, 'expiresAt'],
    ];
    for (const [bad, field] of cases) {
      const reply = await call('POST', API.adminInvites, bad);
      expect([reply.status, reply.body.field], JSON.stringify(bad)).toEqual([400, field]);
    }
    expect((await call('DELETE', API.adminInvite('NOP_000'))).status).toBe(404);
  });
});

describe('the audit log', () => {
  it('pages newest first, with who and when, and refuses bad paging', async () => {
    const all = await audit();
    expect(all.total).toBeGreaterThanOrEqual(8);
    const page = await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?page=2&pageSize=2`);
    expect(page.body.data.records.map((entry) => entry.id)).toEqual(
      all.records.slice(2, 4).map((entry) => entry.id),
    );
    expect(all.records[0]!.id).toBeGreaterThan(all.records[1]!.id);
    expect(all.records.every((entry) => entry.actorEmail === admin.email)).toBe(true);
    const bad = await call('GET', `${API.adminAudit}?page=0`);
    expect([bad.status, bad.body.field]).toEqual([400, 'page']);
  });

  it('keeps one kind of action when asked', async () => {
    const invites = await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?kind=invite`);
    expect(invites.body.data.total).toBeGreaterThanOrEqual(3);
    expect(invites.body.data.records.every((entry) => entry.action.startsWith('invite.'))).toBe(
      true,
    );
    const roles = await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?kind=role`);
    expect(roles.body.data.records.map((entry) => entry.action)).toContain('role.create');
    expect(roles.body.data.records.some((entry) => entry.action.startsWith('invite.'))).toBe(false);
    const bad = await call('GET', `${API.adminAudit}?kind=everything`);
    expect([bad.status, bad.body.field]).toEqual([400, 'kind']);
  });
});
