import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/api/account.types.ts';
import type { Order, Product } from '../../src/shared/api/commerce.types.ts';
import { API } from '../../src/shared/api/paths.ts';
import { issueAccessToken } from '../../server/accounts/access-token.ts';
import { manualClock } from '../../server/clock.ts';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';
import { apiCall, createUser } from '../testing/accounts.ts';

const clock = manualClock(Date.UTC(2026, 0, 1));
let gateway: TestGateway;
gatewayPerFile({ size: 'none', clock }, (started) => (gateway = started));

const profileOf = async (token: string) =>
  (await apiCall<UserInfo>(gateway, 'GET', API.profile, { token })).body.data;

describe('GET products', () => {
  it('lists the seeded plans publicly, names in the request language', async () => {
    const en = await apiCall<Product[]>(gateway, 'GET', API.products, { language: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data.map((p) => [p.id, p.name, p.downloadQuota, p.period])).toEqual([
      ['free', 'Free', 20, 'once'],
      ['basic', 'Basic', 200, 'month'],
      ['pro', 'Pro', null, 'year'],
    ]);
    expect(en.body.data.every((p) => p.currency === 'CNY')).toBe(true);
    expect(en.body.data.find((p) => p.id === 'pro')?.priceCents).toBe(29800);
    const zh = await apiCall<Product[]>(gateway, 'GET', API.products);
    expect(zh.body.data[1]?.name).toBe('基础版');
    expect(zh.body.data[1]?.names).toEqual({ zh: '基础版', en: 'Basic' });
  });

  it('rejects unknown query parameters', async () => {
    const reply = await apiCall(gateway, 'GET', `${API.products}?sort=price`, { language: 'en' });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('sort');
    expect(reply.errorMessage).toBe('Invalid sort: unknown field');
  });
});

describe('orders', () => {
  it('a purchase is paid in demo mode, raises the quota and sets the plan', async () => {
    const user = await createUser(gateway);
    expect((await profileOf(user.accessToken)).downloadQuota).toBe(20);
    const bought = await apiCall<Order>(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: 'basic' },
      language: 'en',
    });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({
      productId: 'basic',
      productName: 'Basic',
      priceCents: 3000,
      currency: 'CNY',
      status: 'PAID',
      demo: true,
    });
    const profile = await profileOf(user.accessToken);
    expect(profile.downloadQuota).toBe(220);
    expect(profile.plan).toBe('basic');

    clock.advance(1000);
    await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: 'pro' },
    });
    const unlimited = await profileOf(user.accessToken);
    expect(unlimited.downloadQuota).toBeNull();
    expect(unlimited.plan).toBe('pro');

    const list = await apiCall<Order[]>(gateway, 'GET', API.orders, { token: user.accessToken });
    expect(list.body.data.map((o) => o.productId)).toEqual(['pro', 'basic']);
    expect(list.body.data[0]?.productName).toBe('专业版');
  });

  it('lists only the caller’s own orders', async () => {
    const buyer = await createUser(gateway);
    const other = await createUser(gateway);
    await apiCall(gateway, 'POST', API.orders, {
      token: buyer.accessToken,
      body: { productId: 'basic' },
    });
    const list = await apiCall<Order[]>(gateway, 'GET', API.orders, { token: other.accessToken });
    expect(list.body.data).toEqual([]);
  });

  it('refuses the free plan, limited plans over unlimited, and unknown plans, changing nothing', async () => {
    const user = await createUser(gateway);
    const free = await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: 'free' },
      language: 'en',
    });
    expect(free.status).toBe(409);
    expect(free.errorMessage).toBe('The free plan is included and cannot be bought');
    const unknown = await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: "pro'; DROP TABLE orders; --" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('productId');
    expect(unknown.errorMessage).toBe('参数 productId 无效：套餐不存在');
    await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: 'pro' },
    });
    const downgrade = await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      body: { productId: 'basic' },
    });
    expect(downgrade.status).toBe(409);
    expect(downgrade.errorMessage).toBe('您已拥有无限下载套餐');
    const list = await apiCall<Order[]>(gateway, 'GET', API.orders, { token: user.accessToken });
    expect(list.body.data.map((o) => o.productId)).toEqual(['pro']);
    expect((await profileOf(user.accessToken)).downloadQuota).toBeNull();
  });

  it('validates the body', async () => {
    const user = await createUser(gateway);
    const cases: [unknown, string][] = [
      [{}, 'productId'],
      [{ productId: 7 }, 'productId'],
      [{ productId: 'basic', coupon: 'FREE' }, 'coupon'],
      [{ productId: 'x'.repeat(65) }, 'productId'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await apiCall(gateway, 'POST', API.orders, { token: user.accessToken, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
      expect(reply.body.code).toBe(400);
    }
    const notJson = await apiCall(gateway, 'POST', API.orders, {
      token: user.accessToken,
      rawBody: '{"productId":',
    });
    expect(notJson.status).toBe(400);
    expect((await profileOf(user.accessToken)).downloadQuota).toBe(20);
  });

  it('needs a valid token', async () => {
    const user = await createUser(gateway);
    const expired = issueAccessToken(gateway.ctx.tokenSecret, user.id, clock.now() - 7_200_000);
    const cases: [string | undefined, string, number][] = [
      [undefined, '未登录', 401],
      ['garbage', '登录凭证无效', 401],
      [expired, '登录已过期，请重新登录', 401],
    ];
    for (const [token, message, status] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const reply = await apiCall(gateway, method, API.orders, {
          token,
          body: method === 'POST' ? { productId: 'basic' } : undefined,
        });
        expect(reply.status).toBe(status);
        expect(reply.errorMessage).toBe(message);
        expect(reply.body).toMatchObject({ code: 401, msg: message, data: null });
      }
    }
    expect((await profileOf(user.accessToken)).downloadQuota).toBe(20);
  });
});
