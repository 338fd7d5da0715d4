import { SAMPLE_EDIT_LIMITS, type SAMPLE_EDIT_FIELDS } from './admin.types.ts';

/** The metadata spreadsheet's file formats (docs/api/admin.md "Spreadsheet"). */
export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
/** A spreadsheet format. */
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/**
 * The spreadsheet's columns, in the order an export writes them. `id` is required in an import;
 * `packCode` and `fileName` are context, read-only; any other may be left out (no change).
 */
export const SHEET_COLUMNS = [
  'id',
  'packCode',
  'fileName',
  'nameZh',
  'nameEn',
  'bpm',
  'audioKey',
  'kind',
  'tags',
] as const;
/** A column of the spreadsheet. */
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
/** The columns an import may not change. */
export const SHEET_READ_ONLY = ['packCode', 'fileName'] as const;

/** Limits of an import: the body's bytes, its rows, and the entries an answer lists. */
export const SHEET_LIMITS = {
  bytes: 16 * 1024 * 1024,
  /** Bytes an XLSX may expand to (its zip inflated): a zip bomb stops here. */
  expandedBytes: 64 * 1024 * 1024,
  rows: 100_000,
  /** Changes and errors a preview lists (their counts are always whole). */
  listed: 2000,
} as const;

/** Why a row (or the header, row 1) of an import is refused. */
export type SheetErrorCode =
  | 'MISSING_ID_COLUMN'
  | 'UNKNOWN_COLUMN'
  | 'DUPLICATE_COLUMN'
  | 'BAD_ID'
  | 'UNKNOWN_SAMPLE'
  | 'DUPLICATE_ID'
  | 'FORMULA'
  | 'READ_ONLY'
  | 'BAD_NAME'
  | 'BAD_TEMPO'
  | 'BAD_KEY'
  | 'BAD_KIND'
  | 'BAD_TAGS';

/** One refused cell or row: its row number as the spreadsheet shows it (header = 1). */
export interface SheetError {
  row: number;
  /** The column's header, or null for the whole row. */
  column: string | null;
  code: SheetErrorCode;
  /** The reason in the request's language. */
  message: string;
}

/** One field an import changes, as the sheet shows it (tags comma-separated, none as ''). */
export interface SheetChange {
  sampleId: number;
  row: number;
  field: (typeof SAMPLE_EDIT_FIELDS)[number];
  before: string;
  after: string;
}

/** POST admin/sheet/preview: what an import would change, and what it refuses; nothing stored. */
export interface SheetPreview {
  format: SheetFormat;
  /** Data rows read (blank rows left out). */
  rows: number;
  /** The first `SHEET_LIMITS.listed` changes, by row. */
  changes: SheetChange[];
  changeCount: number;
  /** Samples with at least one change. */
  sampleCount: number;
  /** The first `SHEET_LIMITS.listed` errors, by row. */
  errors: SheetError[];
  errorCount: number;
  /** Names exactly these changes against the rows as they were read: apply sends it back. */
  token: string;
}

/** POST admin/sheet/apply: what was applied (all of the preview, in one transaction). */
export interface SheetApplied {
  sampleCount: number;
  changeCount: number;
}

/**
 * Tags typed as text (the samples screen's input, a spreadsheet cell): comma-separated (`,` or
 * `，`), trimmed, repeats dropped; null when over `SAMPLE_EDIT_LIMITS` (count or length).
 */
export function splitTags(text: string): string[] | null {
  const tags = [
    ...new Set(
      text
        .split(/[,，]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const { tags: most, tag: longest } = SAMPLE_EDIT_LIMITS;
  return tags.length <= most && tags.every((tag) => tag.length <= longest) ? tags : null;
}
