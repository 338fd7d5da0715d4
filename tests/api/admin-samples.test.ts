import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPage,
  AdminSample,
  AuditEntry,
  RolesOverview,
} from '../../src/shared/api/admin.types.ts';
import type { Sample } from '../../src/shared/api/catalogue.types.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import { API } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, type TestUser } from '../testing/accounts.ts';

// Sample metadata editing over HTTP (docs/api/admin.md "Samples"): find, edit one field, edit a
// selection, all or nothing; each change audited; users see it; an editor role may do it and no
// more.

let gateway: TestGateway;
let admin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'tiny' });
  admin = await createUser(gateway, { role: 'ADMIN' });
  editor = await createUser(gateway);
  const made = await call<RolesOverview>(admin, 'POST', API.adminRoles, {
    code: 'EDITOR',
    name: 'Editor',
    permissions: ['catalogue.edit'],
  });
  expect(made.status).toBe(200);
  await call(admin, 'PUT', API.adminUserRoles(editor.id), { roles: ['ORDINARY', 'EDITOR'] });
});
afterAll(() => gateway.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
function call<T>(user: TestUser, method: Method, path: string, body?: unknown) {
  return apiCall<T>(gateway, method, path, { token: user.accessToken, body, language: 'en' });
}
const find = async (query: string) =>
  (await call<AdminPage<AdminSample>>(admin, 'GET', `${API.adminSamples}?${query}`)).body.data;
const auditOf = async (id: number) =>
  (
    await call<AdminPage<AuditEntry>>(admin, 'GET', `${API.adminAudit}?kind=sample&pageSize=100`)
  ).body.data.records.filter((entry) => entry.target === `sample:${id}`);

describe('finding samples', () => {
  it('lists by pack and by a part of the name, with the editable fields', async () => {
    const all = await find('pageSize=100');
    expect(all.total).toBeGreaterThan(2);
    const first = all.records[0]!;
    const byPack = await find(`packCode=${first.packCode}&pageSize=100`);
    expect(byPack.records.length).toBeGreaterThan(0);
    expect(byPack.records.every((s) => s.packCode === first.packCode)).toBe(true);
    const word = first.nameEn.split(' ')[0]!;
    const byName = await find(`keyword=${encodeURIComponent(word.toUpperCase())}&pageSize=100`);
    expect(byName.records.map((s) => s.id)).toContain(first.id);
    expect(byName.records.every((s) => s.nameEn.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );
    expect((await find('keyword=%25_nothing')).total).toBe(0);
  });
});

describe('editing', () => {
  it('changes one field, audits it before → after, and users find the new name', async () => {
    const [sample] = (await find('pageSize=1')).records;
    const id = sample!.id;
    const tempo = await call<AdminSample>(admin, 'PATCH', API.adminSample(id), { bpm: 97 });
    expect(tempo.body.data).toEqual({ ...sample, bpm: 97 });
    const named = await call<AdminSample>(admin, 'PATCH', API.adminSample(id), {
      nameEn: '  Zorblax Hit ',
      nameZh: '祖玛鼓',
    });
    expect([named.body.data.nameEn, named.body.data.nameZh]).toEqual(['Zorblax Hit', '祖玛鼓']);
    const [latest, earlier] = await auditOf(id);
    expect(earlier).toMatchObject({
      action: 'sample.update',
      actorId: admin.id,
      before: JSON.stringify({ bpm: sample!.bpm }),
      after: '{"bpm":97}',
    });
    expect(latest!.before).toBe(JSON.stringify({ nameZh: sample!.nameZh, nameEn: sample!.nameEn }));
    // A user's search sees the new name (the search index was rewritten) and tempo.
    for (const keyword of ['zorblax', '祖玛']) {
      const found = await apiCall<ListPage<Sample>>(
        gateway,
        'GET',
        `${API.search}?keyword=${encodeURIComponent(keyword)}`,
        { token: editor.accessToken },
      );
      expect(
        found.body.data.records.map((s) => [s.id, s.audioBpm]),
        keyword,
      ).toEqual([[id, 97]]);
    }
  });

  it('edits a selection all or nothing', async () => {
    const picked = (await find('page=2&pageSize=3')).records;
    const ids = picked.map((s) => s.id);
    const done = await call<AdminSample[]>(admin, 'POST', API.adminSamplesBulk, {
      ids,
      edit: { tags: ['Dusty', 'Warm'], kind: 'loop', audioKey: 'F#m' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual(
      picked.map((s) => ({ ...s, tags: ['Dusty', 'Warm'], kind: 'loop', audioKey: 'F#m' })),
    );
    for (const id of ids) expect(await auditOf(id)).toHaveLength(1);
    const refused = await call(admin, 'POST', API.adminSamplesBulk, {
      ids: [ids[0], 999_999],
      edit: { bpm: 140 },
    });
    expect([refused.status, refused.body.field]).toEqual([404, 'ids']);
    expect((await find('page=2&pageSize=3')).records.map((s) => s.bpm)).toEqual(
      picked.map((s) => s.bpm),
    );
  });

  it('refuses bad input with its field and changes nothing', async () => {
    const [sample] = (await find('pageSize=1')).records;
    const before = await find('pageSize=1');
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ bpm: 5 }, 'bpm'],
      [{ bpm: 120.5 }, 'bpm'],
      [{ audioKey: 'H' }, 'audioKey'],
      [{ kind: 'drone' }, 'kind'],
      [{ tags: [' lead'] }, 'tags.0'],
      [{ tags: ['a', 'a'] }, 'tags'],
      [{ nameEn: '   ' }, 'nameEn'],
      [{ nameZh: 'x'.repeat(121) }, 'nameZh'],
      [{ popularity: 9 }, 'popularity'],
    ];
    for (const [body, field] of cases) {
      const reply = await call(admin, 'PATCH', API.adminSample(sample!.id), body);
      expect([reply.status, reply.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const bulk: Array<[unknown, string]> = [
      [{ ids: [], edit: { bpm: 90 } }, 'ids'],
      [{ ids: [1, 1], edit: { bpm: 90 } }, 'ids'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), edit: { bpm: 90 } }, 'ids'],
      [{ ids: [1], edit: {} }, 'edit'],
    ];
    for (const [body, field] of bulk) {
      const reply = await call(admin, 'POST', API.adminSamplesBulk, body);
      expect([reply.status, reply.body.field], JSON.stringify(body).slice(0, 60)).toEqual([
        400,
        field,
      ]);
    }
    expect((await call(admin, 'PATCH', API.adminSample(999_999), { bpm: 90 })).status).toBe(404);
    expect(await find('pageSize=1')).toEqual(before);
  });
});

describe('an editor role (catalogue.edit only)', () => {
  it('edits metadata but gets 403 on the users and roles calls', async () => {
    const [sample] = (await find('pageSize=1')).records;
    const edited = await call<AdminSample>(editor, 'PATCH', API.adminSample(sample!.id), {
      tags: ['Editor pick'],
    });
    expect([edited.status, edited.body.data.tags]).toEqual([200, ['Editor pick']]);
    for (const path of [API.adminUsers, API.adminRoles, API.adminAudit, API.adminInvites])
      expect((await call(editor, 'GET', path)).status, path).toBe(403);
    const promote = await call(editor, 'PUT', API.adminUserRoles(editor.id), { roles: ['ADMIN'] });
    expect(promote.status).toBe(403);
  });
});
