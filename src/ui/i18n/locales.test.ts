import { describe, expect, it } from 'vitest';
import { namespaces as eager } from './resources.ts';
import { adminLocales } from '../features/admin/locales/index.ts';
import { myBeatLocales } from '../player/beat/locales/index.ts';

/** Every namespace, the code-split ones too. */
const namespaces = { ...eager, admin: adminLocales, myBeat: myBeatLocales };
import { i18n } from './i18n.ts';

/** Every leaf path of a locale object ("a.b.c"; array items as "a.0"), with its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
        out.set(path, leaf);
      }
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Interpolation variables of a string: {{name}}. */
const variables = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  for (const [ns, pair] of Object.entries(namespaces)) {
    describe(`namespace ${ns}`, () => {
      const zh = leaves(pair.zh);
      const en = leaves(pair.en);

      it('has every Chinese key in English and no extra English key', () => {
        expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
      });

      it('has a non-empty string for every key in both languages', () => {
        for (const [path, value] of [...zh, ...en]) {
          expect(typeof value, `${ns}:${path}`).toBe('string');
          expect((value as string).trim(), `${ns}:${path}`).not.toBe('');
        }
      });

      it('uses the same interpolation variables in both languages', () => {
        for (const [path, value] of zh) {
          expect(variables(en.get(path)), `${ns}:${path}`).toEqual(variables(value));
        }
      });
    });
  }

  it('finds a missing key (the check itself can fail)', () => {
    const zh = leaves({ a: { b: 'x', c: 'y' } });
    const en = leaves({ a: { b: 'x' } });
    expect([...en.keys()]).not.toEqual([...zh.keys()]);
  });

  it('defaults to Chinese and falls back to it', async () => {
    expect(i18n.language).toBe('zh');
    expect(i18n.t('http.requestFailed')).toBe('请求出错');
    await i18n.changeLanguage('en');
    expect(i18n.t('http.requestFailed')).toBe('Request failed');
    expect(i18n.t('layout:nav.pricing')).toBe('Pricing');
    await i18n.changeLanguage('zh');
    expect(i18n.options.fallbackLng).toEqual(['zh']);
  });
});
