/**
 * The rows the real-path bench hears (issue 19: "one-shots and loops, 16- and 24-bit, mono and
 * stereo, every sample rate the library holds, with and without an audition ready"): each heard
 * row's facts from the gateway's storage, how it played, and a gating count per dimension of
 * the classes no click covered; and the clicks on rows whose audition is not ready yet.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import { decodeWav } from '../src/wasm/pcm/decode-wav.ts';
import type { StoredSample } from '../server/db/oracle.repository.ts';
import type { TestGateway } from '../tests/testing/test-gateway.ts';
import type { Heard } from './real-path-probes.ts';
import { countFigure, type Figure } from './stats.ts';

/** Samples the bench gateway seeds without an audition (YINKU_SEED_PENDING_AUDITIONS). */
export const PENDING_AUDITIONS = 8;

/** The library as stored: every sample by id, its sample rates, the rows still without audition. */
export interface LibraryFacts {
  samples: Map<number, StoredSample>;
  /** Every sample rate the library holds, ascending. */
  rates: number[];
  /** Samples without an audition ready, least popular first. */
  pending: StoredSample[];
  /**
   * 24-bit WAVs whose first frame is above −60 dBFS, most popular first: played from their
   * beginning they must sound as the file has them (docs/AUDIO.md, "The attack"), where a 50 ms
   * fade-in once kept such rows' first milliseconds under −80 dBFS.
   */
  loudStarts: StoredSample[];
}

/** A first frame above this (−60 dBFS) is a loud start. */
const LOUD_START = 1e-3;

/** The largest |sample| of a stored WAV's first frame (its first 64 KB decoded), 0 if unreadable. */
function firstFrameLevel(path: string): number {
  const head = new Uint8Array(64 * 1024);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    const pcm = decodeWav(head.subarray(0, read));
    return Math.max(...pcm.channels.map((c) => Math.abs(c[0] ?? 0)));
  } catch {
    return 0;
  } finally {
    closeSync(fd);
  }
}

/** Reads the facts from the gateway's storage (the records the API lists rows from). */
export async function libraryFacts(gateway: TestGateway): Promise<LibraryFacts> {
  const all = await gateway.oracle.samples();
  const loudStarts = all
    .filter((s) => s.format === 'wav' && s.bitDepth === 24)
    .filter((s) => firstFrameLevel(gateway.ctx.blobs.pathOf(s.blobHash)) > LOUD_START)
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  return {
    loudStarts,
    samples: new Map(all.map((s) => [s.id, s])),
    rates: [...new Set(all.map((s) => s.sampleRate))].sort((a, b) => a - b),
    pending: all
      .filter((s) => s.auditionCode === null)
      .sort((a, b) => a.popularity - b.popularity || a.id - b.id),
  };
}

/** How a heard row played: its MP3 audition, or its full (encrypted) file and why. */
const PLAYED = {
  audition: 'MP3 audition',
  pending: 'full file, no audition ready (audition mode on)',
  modeOff: 'full file, audition mode off',
} as const;

function playedAs(heard: Heard, sample: StoredSample): string {
  if (heard.key.startsWith('audition:')) return PLAYED.audition;
  if (!heard.auditionMode) return PLAYED.modeOff;
  // Audition mode on and the full file: right only when the row has no audition.
  return sample.auditionCode === null
    ? PLAYED.pending
    : 'full file although an audition was ready (a fault)';
}

const rateName = (hz: number) => `${hz / 1000} kHz`;

/** One dimension of the mix: the classes it needs and the class of a heard row. */
interface Dimension {
  label: string;
  classes: string[];
  classOf(heard: Heard, sample: StoredSample): string;
}

/**
 * The row-mix figures over every distinct row heard (a row heard both as its audition and in
 * full counts in both ways): the distinct rows short of 30, and for each dimension the number
 * of its classes no heard row covered (budget 0), each class's count in the figure's name.
 */
export function rowMixFigures(heard: Heard[], facts: LibraryFacts): Figure[] {
  const dimensions: Dimension[] = [
    { label: 'kinds', classes: ['one-shot', 'loop'], classOf: (_, s) => kindName(s.kind) },
    {
      label: 'bit depths',
      classes: ['16-bit', '24-bit'],
      classOf: (_, s) => `${s.bitDepth}-bit`,
    },
    {
      label: 'channels',
      classes: ['mono', 'stereo'],
      classOf: (_, s) =>
        s.channels === 1 ? 'mono' : s.channels === 2 ? 'stereo' : `${s.channels} ch`,
    },
    {
      label: 'sample rates the library holds',
      classes: facts.rates.map(rateName),
      classOf: (_, s) => rateName(s.sampleRate),
    },
    { label: 'ways played', classes: Object.values(PLAYED), classOf: playedAs },
    {
      label: 'first frames',
      classes: ['quiet (≤ −60 dBFS)', 'loud (> −60 dBFS)'],
      classOf: (h) => (h.loudStart ? 'loud (> −60 dBFS)' : 'quiet (≤ −60 dBFS)'),
    },
  ];
  const distinct = new Map<string, { heard: Heard; sample: StoredSample }>();
  for (const h of heard) {
    const sample = facts.samples.get(h.id);
    if (!sample) throw new Error(`heard row ${h.id} is not in the library`);
    distinct.set(`${h.id}|${playedAs(h, sample)}`, { heard: h, sample });
  }
  const rows = new Set([...distinct.values()].map(({ heard }) => heard.id)).size;
  const figures = [
    countFigure(
      `real path: distinct rows heard, short of 30 (${rows} heard)`,
      Math.max(0, 30 - rows),
    ),
  ];
  for (const d of dimensions) {
    const counts = new Map(d.classes.map((c) => [c, 0]));
    for (const { heard, sample } of distinct.values()) {
      const c = d.classOf(heard, sample);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const missing = d.classes.filter((c) => counts.get(c) === 0);
    const extra = [...counts.keys()].filter((c) => !d.classes.includes(c));
    if (missing.length > 0)
      console.log(`real path: no heard row for ${d.label}: ${missing.join(', ')}`);
    if (extra.length > 0)
      console.log(`real path: heard rows outside ${d.label}: ${extra.join(', ')}`);
    const list = [...counts].map(([c, n]) => `${c} ${n}`).join(', ');
    // A class outside the expected ones (a fault in how a row played) counts as missing too.
    figures.push(
      countFigure(
        `real path: row mix, ${d.label} not heard (${list})`,
        missing.length + extra.length,
      ),
    );
  }
  return figures;
}

const kindName = (kind: string) => (kind === 'oneshot' ? 'one-shot' : kind);

/**
 * Rows whose audition is not ready, least popular first, each with the search a user finds it
 * by (its name) and its row in the results; rows in `heardIds` are left out (their full file
 * may be cached from a click with the audition mode off).
 */
export const pendingRows = (
  page: Page,
  facts: LibraryFacts,
  heardIds: Set<number>,
  count: number,
) => searchedRows(page, facts.pending, heardIds, count);

/** The first `count` of `samples` not in `heardIds`, each with its search by name and its row. */
export function searchedRows(
  page: Page,
  samples: StoredSample[],
  heardIds: Set<number>,
  count: number,
): { path: string; row: Locator }[] {
  return samples
    .filter((s) => !heardIds.has(s.id))
    .slice(0, count)
    .map((s) => ({
      path: `/sounds/search/track/${encodeURIComponent(s.nameEn)}/samples`,
      row: page.locator(`[role="grid"] [role="row"][data-sample-id="${s.id}"]`),
    }));
}
