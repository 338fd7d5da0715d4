import { describe, expect, it } from 'vitest';
import { heardAs } from '../../../player/store/project-sync.ts';
import { buildLabels } from '../model/catalogue-labels.store.ts';
import { sample } from '../testing/render.tsx';
import { rowTextCells } from './format.ts';

const project = { sync: true, projectTempo: 120, projectKey: 'Cm' as const };
const context = (sync: boolean) => ({
  labels: buildLabels([], []),
  language: 'en' as const,
  bars: (n: number) => `${n} bars`,
  heard: (s: Parameters<typeof heardAs>[0]) => heardAs(s, { ...project, sync }),
});

describe('row cells with Sync', () => {
  const loop = sample(1, {
    audioBpm: 93,
    audioKey: 'Am',
    duration: 2.58,
    audioData: { ...sample(1).audioData, kind: 'loop' },
  });

  it('show the tempo and key a loop is heard at ("93 → 120")', () => {
    const [, key, bpm] = rowTextCells(loop, context(true));
    expect([key!.text, key!.sub]).toEqual(['Am', '→ Cm']);
    expect([bpm!.text, bpm!.sub]).toEqual(['93', '→ 120']);
  });

  it('show a one-shot’s key only (it is never stretched)', () => {
    const [, key, bpm] = rowTextCells(sample(2, { audioKey: 'E' }), context(true));
    expect(key!.sub).toBe('→ D#'); // Cm's relative major
    expect(bpm!.sub).toBeUndefined();
  });

  it('show nothing more with Sync off', () => {
    const [, key, bpm] = rowTextCells(loop, context(false));
    expect(key!.sub).toBeUndefined();
    expect(bpm!.sub).toBeUndefined();
  });
});
