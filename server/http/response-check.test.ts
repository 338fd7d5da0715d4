import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installEnvelope, ok } from './envelope.ts';
import { installResponseCheck } from './response-check.ts';
import { object, okResponse, integer, text } from './response-schema.ts';

const pairSchema = object({ a: integer, b: text }, ['b']);

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  installEnvelope(app);
  installResponseCheck(app);
  const schema = { response: okResponse(pairSchema) };
  app.get('/same', { schema }, async () => ok({ a: 1, b: 'x' }));
  // What a schema that forgot a property, or typed it wrong, would do to an answer.
  app.get('/extra', { schema }, async () => ok({ a: 1, c: true }));
  app.get('/coerced', { schema }, async () => ok({ a: '7' }));
  app.get('/untyped', async () => ok({ anything: [1, 2] }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the response check of API tests', () => {
  it('lets an answer through that its schema writes unchanged', async () => {
    const same = await app.inject('/same');
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ code: 200, msg: 'success', data: { a: 1, b: 'x' } });
    expect((await app.inject('/untyped')).statusCode).toBe(200);
  });

  it('fails the answer whose schema would drop a property or change a type', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const path of ['/extra', '/coerced']) {
        const answer = await app.inject(path);
        expect(answer.statusCode, path).toBe(500);
        expect(answer.json().errorCode).toBe('INTERNAL');
      }
      expect(quiet).toHaveBeenCalledTimes(2);
      expect(String(quiet.mock.calls[0]?.[0])).toContain('GET /extra');
    } finally {
      quiet.mockRestore();
    }
  });
});
