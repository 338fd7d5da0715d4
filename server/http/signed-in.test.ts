import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSignedIn } from './signed-in.ts';

describe('the permission route option', () => {
  it('refuses to start with an admin route that declares no permission', async () => {
    const app = Fastify();
    installSignedIn(app);
    const start = async () => {
      await app.register(async (area) => {
        area.get('/api/v2/admin/forgotten', async () => 'open');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/admin route without a permission/);
    await app.close();
  });

  it('starts with an admin route that declares one, and with other routes that do not', async () => {
    const app = Fastify();
    installSignedIn(app);
    await app.register(async (area) => {
      area.get('/api/v2/admin/users', { config: { permission: 'users.manage' } }, async () => 'x');
      area.get('/api/v2/admins-page', async () => 'public');
    });
    await app.ready();
    expect((await app.inject('/api/v2/admins-page')).body).toBe('public');
    await app.close();
  });
});
