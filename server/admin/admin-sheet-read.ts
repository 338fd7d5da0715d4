import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { inflateRawSync } from 'node:zlib';
import { Unzip, type UnzipDecoder } from 'fflate';
import { SHEET_LIMITS, type SheetFormat } from '../../src/shared/api/admin-sheet.types.ts';
import { ApiError, type Message } from '../http/api-error.ts';

/** A cell as the import reads it: its text, a formula (never evaluated), or empty. */
export type SheetCell = string | { formula: string } | null;

/** One row of an uploaded sheet, numbered as the spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

/** An uploaded sheet: its format and its rows, header first. */
export interface SheetGrid {
  format: SheetFormat;
  rows: SheetRow[];
}

const refuse = (
  messages: Message,
  errorCode: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST',
) => new ApiError(errorCode, messages, { field: 'file' });

const NOT_A_SHEET = {
  zh: '文件不是可读的 CSV（UTF-8）或 XLSX 表格',
  en: 'The file is not a readable CSV (UTF-8) or XLSX spreadsheet',
};
const TOO_MANY_ROWS = {
  zh: `表格超过 ${SHEET_LIMITS.rows} 行`,
  en: `The sheet has more than ${SHEET_LIMITS.rows} rows`,
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

/**
 * Inflates every entry of the zip without keeping it, counting the bytes that come out: a zip
 * bomb is refused at `SHEET_LIMITS.expandedBytes` whatever its headers claim, and a broken zip
 * before exceljs sees it. fflate walks the entries; node's zlib inflates each (native, with
 * `maxOutputLength` as the cap), several times faster than a JavaScript inflater.
 */
function checkZip(bytes: Uint8Array): void {
  const tooLarge = refuse(
    { zh: '表格解压后过大', en: 'The spreadsheet expands to too many bytes' },
    'PAYLOAD_TOO_LARGE',
  );
  let left = SHEET_LIMITS.expandedBytes;
  let failure: ApiError | null = null;
  class CappedInflate implements UnzipDecoder {
    static compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly chunks: Uint8Array[] = [];
    push(chunk: Uint8Array, final: boolean): void {
      this.chunks.push(chunk.slice());
      if (!final) return;
      try {
        left -= inflateRawSync(Buffer.concat(this.chunks), {
          maxOutputLength: left + 1,
        }).byteLength;
        if (left < 0) failure ??= tooLarge;
      } catch (error) {
        failure ??=
          (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
            ? tooLarge
            : refuse(NOT_A_SHEET);
      }
    }
  }
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) failure ??= refuse(NOT_A_SHEET);
      else if (file.compression === 0 && (left -= chunk.byteLength) < 0) failure ??= tooLarge;
    };
    file.start();
  });
  unzip.register(CappedInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    failure ??= refuse(NOT_A_SHEET);
  }
  if (failure) throw failure;
}

/** A cell value of exceljs as text; a formula kept apart; rich text and links as their text. */
function cellOf(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value)
    return { formula: ('formula' in value ? value.formula : value.sharedFormula) ?? '' };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return value.error;
  return null;
}

/** The first worksheet's rows; each row's cells from column A. */
function rowsOf(sheet: ExcelJS.Worksheet): SheetRow[] {
  if (sheet.rowCount > SHEET_LIMITS.rows + 1) throw refuse(TOO_MANY_ROWS);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    // `values` is 1-based and sparse: index 0 is unused.
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push({ row: number, cells: Array.from(values, (value) => cellOf(value)) });
  });
  return rows;
}

/** A CSV cell our export escaped (`'` before `=`, `+`, `-`, `@`, tab, CR) as it was. */
export const unescapeCsv = (text: string): string =>
  /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;

async function readCsv(bytes: Uint8Array): Promise<SheetGrid> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse(NOT_A_SHEET);
  }
  if (text.includes('\0')) throw refuse(NOT_A_SHEET);
  const workbook = new ExcelJS.Workbook();
  // Every value stays text (exceljs' default map would turn `2024-01-01` into a date).
  const sheet = await workbook.csv
    .read(Readable.from([text]), { map: (value: string) => (value === '' ? null : value) })
    .catch(() => {
      throw refuse(NOT_A_SHEET);
    });
  const rows = rowsOf(sheet).map(({ row, cells }) => ({
    row,
    cells: cells.map((cell) => (typeof cell === 'string' ? unescapeCsv(cell) : cell)),
  }));
  return { format: 'csv', rows };
}

async function readXlsx(bytes: Uint8Array): Promise<SheetGrid> {
  checkZip(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never,
    );
  } catch {
    throw refuse(NOT_A_SHEET);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(NOT_A_SHEET);
  return { format: 'xlsx', rows: rowsOf(sheet) };
}

/**
 * Reads an uploaded sheet: a zip (by its first bytes) as XLSX, other bytes as UTF-8 CSV (a BOM
 * is dropped). Refused with a 400 naming `file` when it is neither, a 413 when it expands too far.
 */
export async function readSheet(bytes: Uint8Array): Promise<SheetGrid> {
  if (bytes.byteLength === 0) throw refuse({ zh: '文件为空', en: 'The file is empty' });
  return isZip(bytes) ? readXlsx(bytes) : readCsv(bytes);
}
