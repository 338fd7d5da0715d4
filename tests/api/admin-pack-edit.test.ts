import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPack } from '../../src/shared/api/admin-pack.types.ts';
import { PACK_EDIT_LIMITS } from '../../src/shared/api/admin-pack.types.ts';
import type { AdminPage, AuditEntry } from '../../src/shared/api/admin.types.ts';
import type { Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type { ListPage } from '../../src/shared/api/envelope.ts';
import { API } from '../../src/shared/api/paths.ts';
import { PLAY_HEADERS } from '../../src/shared/audio/protocol.ts';
import { renderCover } from '../../server/synth/pack-cover.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { createUser, type TestUser } from '../testing/accounts.ts';
import {
  callJson,
  expectApiError,
  fetchAndSave,
  getData,
  registerDeviceKey,
  request,
  suggestions,
  withQuery,
  type DeviceKey,
} from '../testing/catalogue.ts';

// A pack's fields, cover, publication and deletion over HTTP (docs/api/admin.md "Packs"): each
// change audited; an unpublished pack is gone for users but stays with whoever acquired it.

let gw: TestGateway;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;
let ownerKey: DeviceKey;
let otherKey: DeviceKey;
let packA: Pack;
let packB: Pack;
let sampleA: Sample;

const as = (user: TestUser) => ({ token: user.accessToken, language: 'en' as const });
const send = async (user: TestUser, method: 'PATCH' | 'DELETE', path: string, body?: unknown) => {
  const response = await fetch(`${gw.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const putCover = async (bytes: Uint8Array, type = 'image/png', code = packA.packCode) => {
  const response = await fetch(`${gw.url}${API.adminPackCover(code)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': type },
    body: Buffer.from(bytes),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const packs = async (user: TestUser) =>
  (
    await getData<ListPage<Pack>>(
      gw,
      withQuery(API.audios, { range: 'packs', pageSize: 100 }),
      as(user),
    )
  ).records;
const packSamples = async (user: TestUser, code: string) =>
  getData<ListPage<Sample>>(gw, withQuery(API.audios, { packCode: code, pageSize: 100 }), as(user));
const play = (user: TestUser, key: DeviceKey, id: number) =>
  request(gw, API.play(id), {
    token: user.accessToken,
    headers: { [PLAY_HEADERS.clientKeyId]: key.keyId },
  });
const auditOf = async (code: string) =>
  (
    await getData<AdminPage<AuditEntry>>(gw, `${API.adminAudit}?kind=pack&pageSize=100`, as(admin))
  ).records.filter((entry) => entry.target === `pack:${code}`);

beforeAll(async () => {
  gw = await startTestGateway({ size: 'tiny' });
  admin = await createUser(gw, { role: 'ADMIN' });
  owner = await createUser(gw);
  other = await createUser(gw);
  [ownerKey, otherKey] = await Promise.all([
    registerDeviceKey(gw, owner.accessToken),
    registerDeviceKey(gw, other.accessToken),
  ]);
  const all = await packs(other);
  [packA, packB] = all.filter((pack) => pack.sampleCount > 0) as [Pack, Pack];
  sampleA = (await packSamples(other, packA!.packCode)).records[0]!;
});
afterAll(() => gw.close());

describe('pack fields', () => {
  it('edits names, brand, categories, description and tags, audited before → after', async () => {
    const before = await getData<AdminPack>(gw, API.adminPack(packA.packCode), as(admin));
    expect(before).toMatchObject({ code: packA.packCode, published: true, coverType: 'image/png' });
    const edit = {
      nameEn: '  Quorvex Strings ',
      nameZh: '夸沃弦乐',
      brand: 'Zentrix Audio',
      primaryName: before.primaryName,
      secondaryName: 'Quorvex Group',
      descriptionEn: 'Bowed and plucked.',
      tags: ['Dusty', 'Warm'],
    };
    const changed = await send(admin, 'PATCH', API.adminPack(packA.packCode), edit);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { secondaryName: _, ...fields } = edit;
    expect(changed.body.data).toMatchObject({
      ...fields,
      nameEn: 'Quorvex Strings',
      secondaryNames: ['Quorvex Group'],
    });
    // Users see it at once: the pack page, and search by the new pack and brand words.
    const page = await getData<Pack>(gw, API.pack(packA.packCode), as(other));
    expect([page.name, page.brand]).toEqual(['Quorvex Strings', 'Zentrix Audio']);
    for (const keyword of ['quorvex', 'zentrix']) {
      const found = await getData<ListPage<Sample>>(
        gw,
        withQuery(API.search, { keyword, pageSize: 100 }),
        as(other),
      );
      expect(found.records.map((s) => s.id)).toContain(sampleA.id);
    }
    const [entry] = await auditOf(packA.packCode);
    expect(entry).toMatchObject({ action: 'pack.update', actorId: admin.id });
    expect(JSON.parse(entry!.before!)).toMatchObject({
      nameEn: before.nameEn,
      brand: before.brand,
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ nameEn: 'Quorvex Strings' });
  });

  it('refuses an empty edit, an unknown field, a bad category and an unknown pack', async () => {
    expectApiError(
      await send(admin, 'PATCH', API.adminPack(packA.packCode), {}),
      400,
      'BAD_REQUEST',
    );
    expectApiError(
      await send(admin, 'PATCH', API.adminPack(packA.packCode), { colour: 'red' }),
      400,
      'BAD_REQUEST',
      'colour',
    );
    expectApiError(
      await send(admin, 'PATCH', API.adminPack(packA.packCode), { category: 'nope' }),
      400,
      'BAD_REQUEST',
      'category',
    );
    expectApiError(
      await send(admin, 'PATCH', API.adminPack('no-such-pack'), { nameEn: 'X' }),
      404,
      'NOT_FOUND',
    );
    const still = await getData<AdminPack>(gw, API.adminPack(packA.packCode), as(admin));
    expect(still.nameEn).toBe('Quorvex Strings');
  });
});

describe('cover', () => {
  const png = renderCover(7, 'instruments');
  const coverBytes = async () =>
    new Uint8Array(await (await request(gw, API.packCover(packA.packCode))).arrayBuffer());

  it('takes a PNG, JPEG or WebP by its bytes and serves it as the pack cover', async () => {
    const answer = await putCover(png);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.coverType).toBe('image/png');
    expect(await coverBytes()).toEqual(png);
    const jpeg = Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      ...Array.from({ length: 64 }, () => 7),
      0xff,
      0xd9,
    ]);
    // The declared type is not trusted: the bytes say JPEG.
    const asJpeg = await putCover(jpeg, 'application/octet-stream');
    expect(asJpeg.body.data.coverType).toBe('image/jpeg');
    const served = await request(gw, API.packCover(packA.packCode));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await auditOf(packA.packCode)).filter((e) => e.action === 'pack.cover')).toHaveLength(
      2,
    );
  });

  it('refuses another type, a cut-off file and one over the limit, keeping the cover', async () => {
    const before = await coverBytes();
    const gif = new TextEncoder().encode('GIF89a' + 'x'.repeat(100));
    expectApiError(await putCover(gif, 'image/gif'), 400, 'BAD_REQUEST', 'cover');
    expectApiError(await putCover(png.subarray(0, png.length - 20)), 400, 'BAD_REQUEST', 'cover');
    const huge = new Uint8Array(PACK_EDIT_LIMITS.coverBytes + 1);
    huge.set(png);
    expectApiError(await putCover(huge), 413, 'PAYLOAD_TOO_LARGE');
    expect(await coverBytes()).toEqual(before);
  });
});

describe('publication', () => {
  it('hides an unpublished pack from users everywhere but its owner’s warehouse', async () => {
    const authorized = await callJson<boolean>(gw, API.downloadAuthorize(sampleA.id), as(owner));
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
    await fetchAndSave(gw, sampleA.id, owner.accessToken, `a/${sampleA.id}.wav`);
    const treeTotal = async () =>
      (await getData<{ count: number }[]>(gw, API.instrumentsStyle, as(other))).reduce(
        (n, node) => n + node.count,
        0,
      );
    const fullTree = await treeTotal();
    const off = await send(admin, 'PATCH', API.adminPack(packA.packCode), { published: false });
    expect(off.body.data.published).toBe(false);

    // Another user: no pack, no samples, no page, no play, no download, no similar.
    expect((await packs(other)).map((p) => p.packCode)).not.toContain(packA.packCode);
    expect((await packSamples(other, packA.packCode)).total).toBe(0);
    const searched = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.search, { keyword: 'quorvex', pageSize: 100 }),
      as(other),
    );
    expect(searched.records.map((s) => s.id)).not.toContain(sampleA.id);
    expect(await treeTotal()).toBe(fullTree - packA.sampleCount);
    const { nameEn } = await getData<AdminPack>(gw, API.adminPack(packA.packCode), as(admin));
    const suggestedPacks = async () =>
      (await suggestions(gw, nameEn, 'en')).filter((s) => s.kind === 'pack').map((s) => s.packCode);
    expect(await suggestedPacks()).not.toContain(packA.packCode);
    expectApiError(await callJson(gw, API.pack(packA.packCode), as(other)), 404, 'NOT_FOUND');
    expect((await play(other, otherKey, sampleA.id)).status).toBe(404);
    expectApiError(
      await callJson(gw, API.downloadAuthorize(sampleA.id), as(other)),
      404,
      'NOT_FOUND',
    );
    expect((await callJson(gw, API.similar(sampleA.id), as(other))).status).toBe(404);

    // The owner keeps it: warehouse, pack page, play and download.
    const stock = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.userAudios, { relation: 'stockroom', pageSize: 100 }),
      as(owner),
    );
    expect(stock.records.map((s) => s.id)).toContain(sampleA.id);
    expect((await callJson(gw, API.pack(packA.packCode), as(owner))).status).toBe(200);
    const played = await play(owner, ownerKey, sampleA.id);
    expect(played.status).toBe(200);
    expect((await played.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const again = await callJson<boolean>(gw, API.downloadAuthorize(sampleA.id), as(owner));
    expect(again.body.data).toBe(true);
    expect((await request(gw, API.download(sampleA.id), as(owner))).status).toBe(200);

    const on = await send(admin, 'PATCH', API.adminPack(packA.packCode), { published: true });
    expect(on.body.data.published).toBe(true);
    expect((await packSamples(other, packA.packCode)).total).toBe(packA.sampleCount);
    expect((await play(other, otherKey, sampleA.id)).status).toBe(200);
    expect(await suggestedPacks()).toContain(packA.packCode);
    const audited = (await auditOf(packA.packCode)).map((e) => [e.before, e.after]);
    expect(audited).toContainEqual(['{"published":true}', '{"published":false}']);
  });
});

describe('delete', () => {
  it('is refused with 409 while anyone holds some of the pack, and nothing goes', async () => {
    const refused = await send(admin, 'DELETE', API.adminPack(packA.packCode));
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.body.msg).toMatch(/unpublish/);
    expect((await packSamples(other, packA.packCode)).total).toBe(packA.sampleCount);
  });

  it('deletes a pack nobody acquired, its samples and search rows, audited', async () => {
    const [sample] = (await packSamples(other, packB.packCode)).records;
    const done = await send(admin, 'DELETE', API.adminPack(packB.packCode));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectApiError(await callJson(gw, API.pack(packB.packCode), as(other)), 404, 'NOT_FOUND');
    expectApiError(await callJson(gw, API.adminPack(packB.packCode), as(admin)), 404, 'NOT_FOUND');
    expect((await packSamples(other, packB.packCode)).total).toBe(0);
    const byName = await getData<ListPage<Sample>>(
      gw,
      withQuery(API.search, { keyword: sample!.audioName, pageSize: 100 }),
      as(other),
    );
    expect(byName.records.map((s) => s.id)).not.toContain(sample!.id);
    expect((await auditOf(packB.packCode)).map((e) => e.action)).toContain('pack.delete');
    expectApiError(await send(admin, 'DELETE', API.adminPack(packB.packCode)), 404, 'NOT_FOUND');
  });
});
