import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentStart,
  ClientKeyAnswer,
  UserInfo,
} from '../../src/shared/api/account.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, createUser, type TestUser } from '../testing/accounts.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'none' });
});
afterAll(() => gateway.close());

const profileOf = (user: TestUser, language?: 'zh' | 'en') =>
  apiCall<UserInfo>(gateway, 'GET', API.profile, { token: user.accessToken, language });

async function webCryptoPublicKey(modulusLength = 2048): Promise<string> {
  const pair = await webcrypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = await webcrypto.subtle.exportKey('spki', pair.publicKey);
  return Buffer.from(spki).toString('base64');
}

describe('GET profile', () => {
  it('answers the userInfo with the three sidebar groups, localised', async () => {
    const user = await createUser(gateway, { role: 'CREATOR', sampleTypes: ['trap', '808'] });
    const en = (await profileOf(user, 'en')).body.data;
    expect(en).toMatchObject({
      id: user.id,
      email: user.email,
      roles: [{ roleCode: 'CREATOR' }, { roleCode: 'ORDINARY' }],
      sampleTypes: [{ name: 'trap' }, { name: '808' }],
      downloadQuota: 20,
      plan: 'free',
    });
    expect(en.menus.map((m) => [m.key, m.name, m.path])).toEqual([
      ['browse', 'Browse', '/sounds'],
      ['stockroom', 'Warehouse', '/sounds/stockroom'],
      ['likes', 'Liked', '/sounds/other'],
    ]);
    expect(en.menus[0]!.children.map((m) => m.path)).toEqual([
      '/sounds/instruments',
      '/sounds/genres',
      '/sounds/cinematicFx',
      '/sounds/chineseStyle',
    ]);
    expect(en.menus[1]!.children.map((m) => m.path)).toEqual([
      '/sounds/stockroom/resources',
      '/sounds/stockroom/Packs',
    ]);
    expect(en.menus[2]!.children.map((m) => m.path)).toEqual([
      '/sounds/other/likes',
      '/sounds/other/Packs',
    ]);
    const zh = (await profileOf(user)).body.data;
    expect(zh.menus[0]!.children.map((m) => m.name)).toEqual([
      '乐器',
      '曲风',
      '影视音效',
      '中国风',
    ]);
    expect(zh.menus.map((m) => m.key)).toEqual(en.menus.map((m) => m.key));
  });

  it('needs a valid token and takes no query', async () => {
    const none = await apiCall(gateway, 'GET', API.profile, { language: 'en' });
    expect(none.status).toBe(401);
    expect(none.errorMessage).toBe('Not signed in');
    const user = await createUser(gateway);
    const query = await apiCall(gateway, 'GET', `${API.profile}?id=1`, { token: user.accessToken });
    expect(query.status).toBe(400);
    expect(query.body.field).toBe('id');
  });
});

describe('POST client-key', () => {
  it('registers a WebCrypto RSA-OAEP-2048 key once and finds it for its owner only', async () => {
    const user = await createUser(gateway);
    const other = await createUser(gateway);
    const publicKey = await webCryptoPublicKey();
    const reply = await apiCall<ClientKeyAnswer>(gateway, 'POST', API.clientKey, {
      token: user.accessToken,
      body: { publicKey },
    });
    expect(reply.status).toBe(200);
    const { keyId } = reply.body.data;
    expect(keyId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await apiCall<ClientKeyAnswer>(gateway, 'POST', API.clientKey, {
      token: user.accessToken,
      body: { publicKey },
    });
    expect(again.body.data.keyId).toBe(keyId);
    const stored = await gateway.ctx.repo.accounts.findClientKey(keyId, user.id);
    expect(Buffer.from(stored!.publicKey).toString('base64')).toBe(publicKey);
    expect(await gateway.ctx.repo.accounts.findClientKey(keyId, other.id)).toBeNull();
  });

  it('rejects keys that are not RSA-OAEP 2048 SPKI', async () => {
    const user = await createUser(gateway);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const cases = [
      await webCryptoPublicKey(1024),
      ec.export({ type: 'spki', format: 'der' }).toString('base64'),
      Buffer.from('not a key at all').toString('base64'),
      'MIIB!!',
      'QUJD',
    ];
    for (const publicKey of cases) {
      const reply = await apiCall(gateway, 'POST', API.clientKey, {
        token: user.accessToken,
        body: { publicKey },
        language: 'en',
      });
      expect(reply.status, publicKey).toBe(400);
      expect(reply.body.field).toBe('publicKey');
    }
    const unknownField = await apiCall(gateway, 'POST', API.clientKey, {
      token: user.accessToken,
      body: { publicKey: await webCryptoPublicKey(), alg: 'RSA' },
    });
    expect(unknownField.body.field).toBe('alg');
    const huge = await apiCall(gateway, 'POST', API.clientKey, {
      token: user.accessToken,
      body: { publicKey: 'A'.repeat(5000) },
    });
    expect(huge.status).toBe(400);
    expect(await gateway.oracle.clientKeyCount(user.id)).toBe(0);
  });

  it('needs a token', async () => {
    const reply = await apiCall(gateway, 'POST', API.clientKey, { body: { publicKey: 'x' } });
    expect(reply.status).toBe(401);
  });
});

describe('assessment', () => {
  const start = (user: TestUser, invitationCode: string, language?: 'zh' | 'en') =>
    apiCall<AssessmentStart>(gateway, 'POST', API.assessmentStart, {
      token: user.accessToken,
      body: { invitationCode },
      language,
    });
  const finish = (user: TestUser, assessmentId: string, answers: unknown) =>
    apiCall<UserInfo>(gateway, 'POST', API.assessmentFinish, {
      token: user.accessToken,
      body: { assessmentId, answers },
      language: 'en',
    });
  const answers = { role: ['producer'], genres: ['trap', 'R&B'], instruments: ['808', 'guzheng'] };

  it('grants CREATOR and sets sampleTypes from the answers', async () => {
    const user = await createUser(gateway);
    const started = await start(user, 'yin_ku1', 'en');
    expect(started.status).toBe(200);
    expect(started.body.data.questions.map((q) => q.id)).toEqual(['role', 'genres', 'instruments']);
    expect(started.body.data.questions[1]).toMatchObject({ multiple: true });
    expect(started.body.data.questions[1]!.options[0]).toEqual({
      value: 'hip-hop',
      label: 'Hip-hop',
    });
    const zh = await start(user, 'DEM_001');
    expect(zh.body.data.questions[1]!.options[0]!.label).toBe('嘻哈');

    const done = await finish(user, started.body.data.assessmentId, answers);
    expect(done.status).toBe(200);
    expect(done.body.data.roles).toEqual([{ roleCode: 'CREATOR' }, { roleCode: 'ORDINARY' }]);
    expect(done.body.data.sampleTypes).toEqual([
      { name: 'trap' },
      { name: 'R&B' },
      { name: '808' },
      { name: 'guzheng' },
    ]);
    const again = await finish(user, started.body.data.assessmentId, answers);
    expect(again.status).toBe(404);
  });

  it('refuses unknown, malformed and used-up invitation codes', async () => {
    const user = await createUser(gateway);
    const unknown = await start(user, 'NOP_E00', 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.errorMessage).toBe('Unknown invitation code, or it has no uses left');
    for (const code of ['YINKU1', 'YIN-KU1', "YI'_--;", 'YIN_KU12']) {
      const reply = await start(user, code);
      expect(reply.status, code).toBe(400);
      expect(reply.body.field).toBe('invitationCode');
    }
    await gateway.ctx.repo.accounts.createInvitationCode('ONE_USE', 1);
    const first = await start(user, 'ONE_USE');
    const rival = await createUser(gateway);
    const second = await start(rival, 'ONE_USE');
    expect(second.status).toBe(200);
    expect((await finish(user, first.body.data.assessmentId, answers)).status).toBe(200);
    // The rival started while a use was left but finishes after it was spent.
    const usedUp = await finish(rival, second.body.data.assessmentId, answers);
    expect(usedUp.status).toBe(409);
    expect((await profileOf(rival)).body.data.roles).toEqual([{ roleCode: 'ORDINARY' }]);
    const late = await createUser(gateway);
    expect((await start(late, 'ONE_USE')).status).toBe(400);
  });

  it('validates answers and the assessment id, changing nothing', async () => {
    const user = await createUser(gateway);
    const { assessmentId } = (await start(user, 'DEM_002')).body.data;
    const cases: [unknown, string][] = [
      [{ ...answers, role: ['producer', 'dj'] }, 'answers.role'],
      [{ ...answers, genres: [] }, 'answers.genres'],
      [{ ...answers, genres: ['polka'] }, 'answers.genres.0'],
      [{ ...answers, genres: ['trap', 'trap'] }, 'answers.genres'],
      [{ role: ['producer'], genres: ['pop'] }, 'instruments'],
      [{ ...answers, mood: ['happy'] }, 'mood'],
      [{ ...answers, role: 'producer' }, 'answers.role'],
    ];
    for (const [body, field] of cases) {
      const reply = await finish(user, assessmentId, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
    }
    const badId = await finish(user, "1' OR '1'='1", answers);
    expect(badId.body.field).toBe('assessmentId');
    const othersId = await finish(await createUser(gateway), assessmentId, answers);
    expect(othersId.status).toBe(404);
    const profile = (await profileOf(user)).body.data;
    expect(profile.roles).toEqual([{ roleCode: 'ORDINARY' }]);
    expect(profile.sampleTypes).toEqual([]);
  });

  it('needs a token', async () => {
    const reply = await apiCall(gateway, 'POST', API.assessmentStart, {
      body: { invitationCode: 'YIN_KU1' },
    });
    expect(reply.status).toBe(401);
  });
});
