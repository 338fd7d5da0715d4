import { createHash } from 'node:crypto';
import {
  SHEET_COLUMNS,
  SHEET_READ_ONLY,
  splitTags,
  type SheetChange,
  type SheetColumn,
  type SheetErrorCode,
} from '../../src/shared/api/admin-sheet.types.ts';
import {
  SAMPLE_EDIT_LIMITS,
  type SAMPLE_EDIT_FIELDS,
  type AdminSample,
  type SampleEdit,
} from '../../src/shared/api/admin.types.ts';
import {
  MUSICAL_KEYS,
  SAMPLE_KINDS,
  type MusicalKey,
  type SampleKind,
} from '../../src/shared/api/catalogue.types.ts';
import type { Message } from '../http/api-error.ts';
import type { SheetEdit } from './admin.repository.ts';
import type { SheetCell, SheetGrid } from './admin-sheet-read.ts';

type Field = (typeof SAMPLE_EDIT_FIELDS)[number];

/** A refused cell or row, before its message is put in the caller's language. */
export interface SheetProblem {
  row: number;
  column: string | null;
  code: SheetErrorCode;
}

/** What an import would do: each sample's edit, each field changed, and every problem. */
export interface SheetCheck {
  rows: number;
  edits: SheetEdit[];
  changes: SheetChange[];
  problems: SheetProblem[];
  /** Names `edits` exactly (ids, before and after): what apply must find again. */
  token: string;
}

const { name: NAME_MAX, bpm: BPM, tags: TAGS_MAX, tag: TAG_MAX } = SAMPLE_EDIT_LIMITS;

/** Each problem's message in both languages (docs/api/admin.md "Spreadsheet"). */
export const SHEET_MESSAGES: Record<SheetErrorCode, Message> = {
  MISSING_ID_COLUMN: { zh: '第一行缺少 id 列', en: 'The first row has no id column' },
  UNKNOWN_COLUMN: {
    zh: `未知列（可用：${SHEET_COLUMNS.join('、')}）`,
    en: `Unknown column (known: ${SHEET_COLUMNS.join(', ')})`,
  },
  DUPLICATE_COLUMN: { zh: '列名重复', en: 'This column appears twice' },
  BAD_ID: { zh: 'id 应为正整数', en: 'The id must be a positive whole number' },
  UNKNOWN_SAMPLE: { zh: '没有这个 id 的采样', en: 'No sample has this id' },
  DUPLICATE_ID: { zh: '同一 id 出现在多行', en: 'This id is on an earlier row too' },
  FORMULA: {
    zh: '不读取公式，请填写数值本身',
    en: 'Formulas are not read; type the value itself',
  },
  READ_ONLY: { zh: '此列只读，不能在此修改', en: 'This column is read-only here' },
  BAD_NAME: {
    zh: `名称须为 1–${NAME_MAX} 个字符，不能为空`,
    en: `A name is 1–${NAME_MAX} characters, not blank`,
  },
  BAD_TEMPO: {
    zh: `速度应为 ${BPM.min}–${BPM.max} 的整数，或留空`,
    en: `Tempo is a whole number ${BPM.min}–${BPM.max}, or empty`,
  },
  BAD_KEY: { zh: '调性无效（如 C、F#m），或留空', en: 'Not a key (C, F#m, …), nor empty' },
  BAD_KIND: { zh: '类型应为 oneshot 或 loop', en: 'Type is oneshot or loop' },
  BAD_TAGS: {
    zh: `标签以逗号分隔，最多 ${TAGS_MAX} 个，每个不超过 ${TAG_MAX} 个字符`,
    en: `Tags are comma-separated, at most ${TAGS_MAX}, each at most ${TAG_MAX} characters`,
  },
};

/** A field's value as the sheet shows it: tags comma-separated, none as ''. */
export function shownValue(value: AdminSample[keyof AdminSample]): string {
  if (Array.isArray(value)) return value.join(', ');
  return value === null ? '' : String(value);
}

/** The value a cell gives a field, or the problem with it. */
function parseField(field: Field, text: string): { value: SampleEdit[Field] } | SheetErrorCode {
  switch (field) {
    case 'nameZh':
    case 'nameEn':
      return text && text.length <= NAME_MAX ? { value: text } : 'BAD_NAME';
    case 'bpm': {
      if (!text) return { value: null };
      const bpm = /^\d+(\.0+)?$/.test(text) ? Number(text) : NaN;
      return bpm >= BPM.min && bpm <= BPM.max ? { value: bpm } : 'BAD_TEMPO';
    }
    case 'audioKey':
      if (!text) return { value: null };
      return MUSICAL_KEYS.includes(text as MusicalKey) ? { value: text as MusicalKey } : 'BAD_KEY';
    case 'kind':
      return SAMPLE_KINDS.includes(text as SampleKind) ? { value: text as SampleKind } : 'BAD_KIND';
    case 'tags': {
      const tags = splitTags(text);
      return tags ? { value: tags } : 'BAD_TAGS';
    }
  }
}

const textOf = (cell: SheetCell | undefined): string =>
  typeof cell === 'string' ? cell.trim() : '';
const isFormula = (cell: SheetCell | undefined): cell is { formula: string } =>
  typeof cell === 'object' && cell !== null;
const blank = (cells: readonly SheetCell[]) =>
  cells.every((cell) => !isFormula(cell) && textOf(cell) === '');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ID = /^[1-9]\d{0,9}$/;

/** The header's columns by position; problems for unknown, repeated or missing ones. */
function headerOf(row: number, cells: readonly SheetCell[], problems: SheetProblem[]) {
  const columns = new Map<number, SheetColumn>();
  const seen = new Set<SheetColumn>();
  cells.forEach((cell, index) => {
    const title = textOf(cell);
    if (!title && !isFormula(cell)) return;
    const column = SHEET_COLUMNS.find((known) => known.toLowerCase() === title.toLowerCase());
    if (!column || isFormula(cell)) {
      problems.push({ row, column: title || null, code: 'UNKNOWN_COLUMN' });
      return;
    }
    if (seen.has(column)) problems.push({ row, column, code: 'DUPLICATE_COLUMN' });
    seen.add(column);
    columns.set(index, column);
  });
  if (!seen.has('id')) problems.push({ row, column: 'id', code: 'MISSING_ID_COLUMN' });
  return columns;
}

/**
 * Checks an uploaded sheet against the samples as they are now (`lookup` reads them): every
 * row's cells, and what differs. Pure but for `lookup`; stores nothing.
 */
export async function checkSheet(
  grid: SheetGrid,
  lookup: (ids: number[]) => Promise<AdminSample[]>,
): Promise<SheetCheck> {
  const problems: SheetProblem[] = [];
  // The header is the first row that is not blank (a sheet may start lower down).
  const [header, ...body] = grid.rows.filter((row) => !blank(row.cells));
  const columns = headerOf(header?.row ?? 1, header?.cells ?? [], problems);
  const data = body;
  const idColumn = [...columns].find(([, column]) => column === 'id')?.[0];
  const result = (edits: SheetEdit[], changes: SheetChange[]): SheetCheck => ({
    rows: data.length,
    edits,
    changes,
    problems: problems.sort((a, b) => a.row - b.row),
    token: createHash('sha256').update(JSON.stringify(edits)).digest('base64url'),
  });
  if (idColumn === undefined) return result([], []);

  const firstRowOf = new Map<number, number>();
  const rowIds = new Map<number, number>();
  for (const { row, cells } of data) {
    const cell = cells[idColumn];
    if (isFormula(cell)) {
      problems.push({ row, column: 'id', code: 'FORMULA' });
      continue;
    }
    const text = textOf(cell);
    if (!ID.test(text) || Number(text) > 2 ** 31 - 1) {
      problems.push({ row, column: 'id', code: 'BAD_ID' });
      continue;
    }
    const id = Number(text);
    if (firstRowOf.has(id)) {
      problems.push({ row, column: 'id', code: 'DUPLICATE_ID' });
      continue;
    }
    firstRowOf.set(id, row);
    rowIds.set(row, id);
  }
  const samples = new Map((await lookup([...firstRowOf.keys()])).map((s) => [s.id, s]));

  const edits: SheetEdit[] = [];
  const changes: SheetChange[] = [];
  for (const { row, cells } of data) {
    const id = rowIds.get(row);
    if (id === undefined) continue;
    const sample = samples.get(id);
    if (!sample) {
      problems.push({ row, column: 'id', code: 'UNKNOWN_SAMPLE' });
      continue;
    }
    const before: SampleEdit = {};
    const edit: SampleEdit = {};
    for (const [index, column] of columns) {
      if (column === 'id') continue;
      const cell = cells[index] ?? null;
      if (isFormula(cell)) {
        problems.push({ row, column, code: 'FORMULA' });
        continue;
      }
      if ((SHEET_READ_ONLY as readonly string[]).includes(column)) {
        // Left empty is left out; a different value is refused, never ignored.
        const given = textOf(cell);
        if (given && given !== sample[column as 'packCode' | 'fileName'])
          problems.push({ row, column, code: 'READ_ONLY' });
        continue;
      }
      const field = column as Field;
      const parsed = parseField(field, textOf(cell));
      if (typeof parsed === 'string') {
        problems.push({ row, column, code: parsed });
        continue;
      }
      if (same(parsed.value, sample[field])) continue;
      Object.assign(before, { [field]: sample[field] });
      Object.assign(edit, { [field]: parsed.value });
      changes.push({
        sampleId: id,
        row,
        field,
        before: shownValue(sample[field]),
        after: shownValue(parsed.value as AdminSample[Field]),
      });
    }
    if (Object.keys(edit).length > 0) edits.push({ id, before, edit });
  }
  return result(edits, changes);
}
