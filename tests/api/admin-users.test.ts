import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '../../src/shared/api/account.types.ts';
import type {
  AdminPage,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  RolesOverview,
} from '../../src/shared/api/admin.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, login, sha256Hex, type TestUser } from '../testing/accounts.ts';

let gateway: TestGateway;
let admin: TestUser;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
  admin = await createUser(gateway, { role: 'ADMIN' });
});
afterAll(() => gateway.close());

const call = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
) => apiCall<T>(gateway, method, path, { token, body, language: 'en' });

const find = (keyword: string, token = admin.accessToken) =>
  call<AdminPage<AdminUser>>(
    'GET',
    `${API.adminUsers}?keyword=${encodeURIComponent(keyword)}`,
    token,
  );
const setRoles = (id: number, roles: string[], token = admin.accessToken) =>
  call<AdminUser>('PUT', API.adminUserRoles(id), token, { roles });
const setDisabled = (id: number, disabled: boolean, token = admin.accessToken) =>
  call<AdminUser>('PUT', API.adminUserDisabled(id), token, { disabled });
const newRole = (code: string, permissions: string[], token = admin.accessToken) =>
  call<RolesOverview>('POST', API.adminRoles, token, {
    code,
    name: code.toLowerCase(),
    permissions,
  });
const lastAudit = async () =>
  (await call<AdminPage<AuditEntry>>('GET', `${API.adminAudit}?pageSize=1`, admin.accessToken)).body
    .data.records[0];

describe('finding users', () => {
  it('finds by part of the e-mail, with plan, credits and orders, paged, newest first', async () => {
    const buyer = await createUser(gateway, { email: `buyer-${Date.now()}@find.test` });
    expect((await call('POST', API.orders, buyer.accessToken, { productId: 'basic' })).status).toBe(
      200,
    );
    const found = await find('@FIND.test');
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ total: 1, page: 1, pageSize: 30 });
    expect(found.body.data.records[0]).toMatchObject({
      id: buyer.id,
      roles: ['ORDINARY'],
      plan: 'basic',
      downloadQuota: 220,
      orderCount: 1,
      disabled: false,
    });
    const detail = await call<AdminUserDetail>('GET', API.adminUser(buyer.id), admin.accessToken);
    expect(detail.body.data.orders.map((order) => [order.productId, order.status])).toEqual([
      ['basic', 'PAID'],
    ]);
    const all = await call<AdminPage<AdminUser>>(
      'GET',
      `${API.adminUsers}?pageSize=2&page=1`,
      admin.accessToken,
    );
    expect(all.body.data.records).toHaveLength(2);
    expect(all.body.data.records[0]!.id).toBeGreaterThan(all.body.data.records[1]!.id);
    expect(all.body.data.total).toBeGreaterThanOrEqual(5);
  });

  it("takes LIKE's wildcards in the keyword literally", async () => {
    expect((await find('%')).body.data.total).toBe(0);
    expect((await find('_')).body.data.total).toBe(0);
  });

  it('refuses bad queries and ids with the field named, and answers 404 for nobody', async () => {
    const bad = await call('GET', `${API.adminUsers}?pageSize=101`, admin.accessToken);
    expect([bad.status, bad.body.field]).toEqual([400, 'pageSize']);
    const unknown = await call('GET', `${API.adminUsers}?role=ADMIN`, admin.accessToken);
    expect([unknown.status, unknown.body.field]).toEqual([400, 'role']);
    const id = await call('GET', API.adminUser('abc'), admin.accessToken);
    expect([id.status, id.body.field]).toEqual([400, 'id']);
    const nobody = await call('GET', API.adminUser(999_999), admin.accessToken);
    expect([nobody.status, nobody.errorMessage]).toEqual([404, 'No such user']);
  });
});

describe("changing a user's roles", () => {
  it('gives an editor role: its holder gets its permissions and nothing else', async () => {
    expect((await newRole('EDITOR', ['catalogue.edit'])).status).toBe(200);
    const editor = await createUser(gateway);
    const changed = await setRoles(editor.id, ['ORDINARY', 'EDITOR']);
    expect(changed.status).toBe(200);
    expect(changed.body.data.roles).toEqual(['EDITOR', 'ORDINARY']);
    const profile = await call<UserInfo>('GET', API.profile, editor.accessToken);
    expect(profile.body.data.permissions).toEqual(['catalogue.edit']);
    expect(profile.body.data.roles).toEqual([{ roleCode: 'ORDINARY' }]);
    // The users and roles API stays closed to it.
    expect((await find('x', editor.accessToken)).status).toBe(403);
    expect((await call('GET', API.adminRoles, editor.accessToken)).status).toBe(403);
    expect(await lastAudit()).toMatchObject({
      actorEmail: admin.email,
      action: 'user.roles',
      target: `user:${editor.id}`,
      before: '["ORDINARY"]',
      after: '["EDITOR","ORDINARY"]',
    });
  });

  it('refuses unknown and malformed roles, and changes nothing', async () => {
    const user = await createUser(gateway);
    const unknown = await setRoles(user.id, ['ORDINARY', 'NOBODY']);
    expect([unknown.status, unknown.body.field]).toEqual([400, 'roles']);
    for (const roles of [['lower'], ['A'], 'ADMIN', ['ORDINARY', 'ORDINARY']]) {
      const reply = await call('PUT', API.adminUserRoles(user.id), admin.accessToken, { roles });
      expect(reply.status, JSON.stringify(roles)).toBe(400);
    }
    expect((await setRoles(999_999, ['ORDINARY'])).status).toBe(404);
    expect((await find(user.email)).body.data.records[0]!.roles).toEqual(['ORDINARY']);
  });

  it('never lets an author give, take or act on a permission they lack', async () => {
    await newRole('PERSONNEL', ['users.manage', 'roles.manage']);
    const staff = await createUser(gateway);
    await setRoles(staff.id, ['PERSONNEL']);
    const target = await createUser(gateway);
    const grantAdmin = await setRoles(target.id, ['ADMIN'], staff.accessToken);
    expect([grantAdmin.status, grantAdmin.errorMessage]).toEqual([
      403,
      'You cannot grant or change a permission you do not hold',
    ]);
    expect((await newRole('SPY', ['insight.read'], staff.accessToken)).status).toBe(403);
    expect((await setDisabled(admin.id, true, staff.accessToken)).status).toBe(403);
    // Within their own permissions they may act.
    expect((await newRole('HELPER', ['users.manage'], staff.accessToken)).status).toBe(200);
    expect((await setRoles(target.id, ['HELPER'], staff.accessToken)).status).toBe(200);
    expect((await find(target.email)).body.data.records[0]!.roles).toEqual(['HELPER']);
  });
});

describe('disabling an account', () => {
  it('ends every session at once and refuses sign-in until enabled again', async () => {
    const user = await createUser(gateway, { password: 'pass-word-1' });
    const tokens = await login(gateway, user.email, 'pass-word-1');
    expect((await call('GET', API.profile, tokens.accessToken)).status).toBe(200);
    const disabled = await setDisabled(user.id, true);
    expect([disabled.status, disabled.body.data.disabled]).toEqual([200, true]);
    expect((await call('GET', API.profile, tokens.accessToken)).status).toBe(401);
    const refresh = await apiCall<TokenPair>(gateway, 'GET', API.refreshToken, {
      token: tokens.refreshToken,
    });
    expect(refresh.status).toBe(401);
    const signIn = { email: user.email, password: sha256Hex('pass-word-1'), loginType: 'EMAIL' };
    expect((await apiCall(gateway, 'POST', API.login, { body: signIn })).status).toBe(403);
    expect(await lastAudit()).toMatchObject({ action: 'user.disable', after: '{"disabled":true}' });
    expect((await setDisabled(user.id, false)).body.data.disabled).toBe(false);
    expect((await apiCall(gateway, 'POST', API.login, { body: signIn })).status).toBe(200);
  });

  it('refuses a body that is not a boolean and an unknown user', async () => {
    const user = await createUser(gateway);
    const reply = await call('PUT', API.adminUserDisabled(user.id), admin.accessToken, {
      disabled: 'yes',
    });
    expect([reply.status, reply.body.field]).toEqual([400, 'disabled']);
    expect((await setDisabled(999_999, true)).status).toBe(404);
  });
});

describe('the last administrator', () => {
  it('cannot be demoted or disabled; another administrator can be', async () => {
    const others = (await find('')).body.data.records.filter(
      (user) => user.roles.includes('ADMIN') && user.id !== admin.id,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect((await setRoles(other.id, ['ORDINARY'])).status).toBe(200);
    const demote = await setRoles(admin.id, ['ORDINARY']);
    expect([demote.status, demote.errorMessage]).toEqual([
      409,
      'The last administrator cannot be removed or disabled',
    ]);
    expect((await setDisabled(admin.id, true)).status).toBe(409);
    const profile = await call<UserInfo>('GET', API.profile, admin.accessToken);
    expect(profile.body.data.roles.map((role) => role.roleCode)).toContain('ADMIN');
    // While there is another, either may go.
    await setRoles(others[0]!.id, ['ADMIN']);
    expect((await setDisabled(others[0]!.id, true)).status).toBe(200);
    expect((await setDisabled(admin.id, true)).status).toBe(409);
  });
});
