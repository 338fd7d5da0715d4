import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SHEET_COLUMNS, type SheetFormat } from '../../src/shared/api/admin-sheet.types.ts';
import type { AdminSample } from '../../src/shared/api/admin.types.ts';
import { shownValue } from './admin-sheet-check.ts';

/** The content type of each export. */
export const SHEET_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A text cell made safe for spreadsheet programs that read CSV: one starting with `=`, `+`, `-`,
 * `@`, tab or CR would be run as a formula (CSV injection), so it gets a leading `'`, which the
 * import takes off again (admin-sheet-read.ts `unescapeCsv`).
 */
export const escapeCsvText = (text: string): string =>
  /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;

/** One CSV field, quoted when it holds a separator, a quote, a line break or edge blanks. */
const csvField = (text: string): string =>
  /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/** A sample's cells in `SHEET_COLUMNS` order; tempo a number, the rest text. */
const cellsOf = (sample: AdminSample): (string | number)[] =>
  SHEET_COLUMNS.map((column) =>
    column === 'id' || (column === 'bpm' && sample.bpm !== null)
      ? (sample[column] as number)
      : shownValue(sample[column]),
  );

async function* csvLines(pages: AsyncIterable<AdminSample[]>): AsyncGenerator<string> {
  // A BOM, so spreadsheet programs read the Chinese names as UTF-8.
  yield `\uFEFF${SHEET_COLUMNS.join(',')}\r\n`;
  for await (const page of pages) {
    yield page
      .map((sample) =>
        cellsOf(sample)
          .map((cell) => (typeof cell === 'number' ? String(cell) : csvField(escapeCsvText(cell))))
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
  }
}

/** XLSX written as it is read (exceljs' streaming writer): text cells are typed text. */
function xlsxStream(pages: AsyncIterable<AdminSample[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet('samples');
  sheet.addRow([...SHEET_COLUMNS]).commit();
  const write = async () => {
    for await (const page of pages)
      for (const sample of page) sheet.addRow(cellsOf(sample)).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The export's bytes as a stream: the catalogue is read page by page, never whole. */
export function sheetStream(format: SheetFormat, pages: AsyncIterable<AdminSample[]>): Readable {
  return format === 'csv' ? Readable.from(csvLines(pages)) : xlsxStream(pages);
}
