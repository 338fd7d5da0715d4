import { spaceCjk } from './catalogue/search-text.ts';
import type { SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Database } from './database.ts';
import { canonicalTags } from '../../catalogue/tag-vocabulary.ts';

const RESPACE_BATCH = 5_000;
const FTS_COLUMNS = ['name', 'tags', 'brand', 'pack', 'type', 'grp'] as const;

/**
 * Hands `each` every row `read` gives in batches of RESPACE_BATCH: `read` takes the last key seen
 * and a limit, and answers rows in key order, so a 1M-row table is never in memory at once.
 */
function inBatches(
  read: StatementSync,
  key: 'rowid' | 'id',
  each: (row: Record<string, SQLOutputValue>) => void,
): void {
  for (let after = 0; ;) {
    const rows = read.all(after, RESPACE_BATCH);
    if (rows.length === 0) return;
    rows.forEach(each);
    after = Number(rows.at(-1)![key]);
  }
}

/**
 * Rewrites the samples' full-text rows with every CJK character a word of its own
 * (`spaceCjk` as it is now): rows written before spaced only between two CJK characters, so
 * "第5版" and "鼓组2号" held "5版" and "组2号" as single words that no search for "版" or
 * "鼓组" could reach. Idempotent; reads in rowid batches so a 1M-row index is never in memory.
 */
function respaceSampleFts(db: Database): void {
  const read = db.prepare(
    `SELECT rowid, ${FTS_COLUMNS.join(', ')} FROM samples_fts WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const write = db.prepare(
    `UPDATE samples_fts SET ${FTS_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE rowid = ?`,
  );
  inBatches(read, 'rowid', (row) => {
    const before = FTS_COLUMNS.map((c) => String(row[c] ?? ''));
    const spaced = before.map(spaceCjk);
    if (spaced.some((text, i) => text !== before[i])) write.run(...spaced, Number(row.rowid));
  });
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes each of `words` from `name` where it stands as whole words (before a space or the end). */
const withoutWords = (name: string, words: string[]): string =>
  words.reduce(
    (out, word) => out.replace(new RegExp(` ${escapeRegExp(word)}(?= |$)`, 'gu'), ''),
    name,
  );

/**
 * Drops the tempo and key that generated demo names repeated ("Trap Drums 140 BPM 02", "Guzheng
 * Gliss in D 03", "古筝刮奏 D调 03") now that the generator leaves them to their columns
 * (docs/LIBRARY.md, "What is generated"). Only the words it wrote for the row's own BPM and key
 * go, and the full-text name follows. Reads in id batches like the re-spacing above.
 */
function namesWithoutTempoAndKey(db: Database): void {
  const read = db.prepare(
    `SELECT id, name_en, name_zh, bpm, audio_key FROM samples
     WHERE id > ? AND (bpm IS NOT NULL OR audio_key IS NOT NULL) ORDER BY id LIMIT ?`,
  );
  const names = db.prepare('UPDATE samples SET name_en = ?, name_zh = ? WHERE id = ?');
  const fts = db.prepare('UPDATE samples_fts SET name = ? WHERE rowid = ?');
  inBatches(read, 'id', (row) => {
    const bpm = row.bpm == null ? [] : [`${Number(row.bpm)} BPM`];
    const key = row.audio_key == null ? null : String(row.audio_key);
    const en = withoutWords(String(row.name_en), [...bpm, ...(key ? [`in ${key}`] : [])]);
    const zh = withoutWords(String(row.name_zh), [...bpm, ...(key ? [`${key}调`] : [])]);
    if (en === row.name_en && zh === row.name_zh) return;
    names.run(en, zh, Number(row.id));
    fts.run(spaceCjk(`${en} ${zh}`), Number(row.id));
  });
}

/**
 * Merges the tags that meant one thing (hihat and hat into hi-hat, guofeng and chinese into
 * chinese style, …: `TAG_SYNONYMS`) in every sample's and pack's tag list, each tag once. The
 * full-text rows keep the words: a search for an alias finds the same samples as before.
 */
function mergeTagSynonyms(db: Database): void {
  const merged = (tags: unknown): string | null => {
    const stored: unknown = JSON.parse(String(tags ?? '[]'));
    if (!Array.isArray(stored)) return null;
    const text = JSON.stringify(canonicalTags(stored.map(String)));
    return text === tags ? null : text;
  };
  const read = db.prepare('SELECT id, tags FROM samples WHERE id > ? ORDER BY id LIMIT ?');
  const write = db.prepare('UPDATE samples SET tags = ? WHERE id = ?');
  inBatches(read, 'id', (row) => {
    const tags = merged(row.tags);
    if (tags !== null) write.run(tags, Number(row.id));
  });
  const writePack = db.prepare('UPDATE packs SET tags = ? WHERE code = ?');
  for (const row of db.prepare('SELECT code, tags FROM packs').all()) {
    const tags = merged(row.tags);
    if (tags !== null) writePack.run(tags, String(row.code));
  }
}

/**
 * Migrations that need code, applied in name order among the `.sql` files (each once, in its
 * own transaction, recorded in schema_migrations like them).
 */
export const CODE_MIGRATIONS: Record<string, (db: Database) => void> = {
  '014-fts-cjk-every-character': respaceSampleFts,
  '016-names-without-tempo-key': namesWithoutTempoAndKey,
  '036-merge-tag-synonyms': mergeTagSynonyms,
};
