import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPage,
  AdminSample,
  AuditEntry,
  SheetApplied,
  SheetPreview,
} from '../../src/shared/index.ts';
import { SHEET_COLUMNS, SHEET_LIMITS } from '../../src/shared/api/admin-sheet.types.ts';
import type { ApiEnvelope } from '../../src/shared/api/envelope.ts';
import { API } from '../../src/shared/api/paths.ts';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.ts';
import { apiCall, authHeaders, createUser, type TestUser } from '../testing/accounts.ts';

// The metadata spreadsheet over HTTP (docs/api/admin.md "Spreadsheet"): export, edit with
// exceljs, preview (changes and errors, nothing stored), apply exactly what was previewed, audited.

let gateway: TestGateway;
let admin: TestUser;
beforeAll(async () => {
  gateway = await startTestGateway({ size: 'tiny' });
  admin = await createUser(gateway, { role: 'ADMIN' });
});
afterAll(() => gateway.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function exported(query: string) {
  const response = await fetch(`${gateway.url}${API.adminSheet}?${query}`, {
    headers: authHeaders(admin.accessToken),
  });
  expect(response.status).toBe(200);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Posts file bytes to preview or apply; the envelope answered. */
async function send<T>(path: string, bytes: Uint8Array | string, type = XLSX_TYPE) {
  const response = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { ...authHeaders(admin.accessToken, 'en'), 'content-type': type },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  return { status: response.status, body: (await response.json()) as ApiEnvelope<T> };
}
const preview = (bytes: Uint8Array | string, type?: string) =>
  send<SheetPreview>(API.adminSheetPreview, bytes, type);
const apply = (bytes: Uint8Array | string, token: string, type?: string) =>
  send<SheetApplied>(`${API.adminSheetApply}?token=${token}`, bytes, type);

const samples = async (query: string) =>
  (
    await apiCall<AdminPage<AdminSample>>(gateway, 'GET', `${API.adminSamples}?${query}`, {
      token: admin.accessToken,
    })
  ).body.data.records;
const auditOf = async (id: number) =>
  (
    await apiCall<AdminPage<AuditEntry>>(
      gateway,
      'GET',
      `${API.adminAudit}?kind=sample&pageSize=100`,
      { token: admin.accessToken },
    )
  ).body.data.records.filter((entry) => entry.target === `sample:${id}`);

async function workbookOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  return workbook;
}
const xlsxBytes = async (workbook: ExcelJS.Workbook) =>
  new Uint8Array(await workbook.xlsx.writeBuffer());
/** A one-sheet XLSX of these rows. */
async function sheetOf(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  for (const row of rows) sheet.addRow(row);
  return xlsxBytes(workbook);
}
/** A zip header record: its signature, then little-endian fields `[offset, bytes, value]` (8 = deflate). */
function zipRecord(size: number, signature: number, fields: [number, 2 | 4, number][]): Buffer {
  const record = Buffer.alloc(size);
  record.writeUInt32LE(signature, 0);
  for (const [at, bytes, value] of fields)
    if (bytes === 2) record.writeUInt16LE(value, at);
    else record.writeUInt32LE(value, at);
  return record;
}
/**
 * A one-entry zip of deflated `data` whose headers claim 1 KiB expanded (a zip bomb lies): the
 * gateway must count what comes out of the inflater. CRC left 0: it is never reached.
 */
function zipOf(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const [named, packed] = [nameBytes.byteLength, data.byteLength];
  // Each header as a table of its fields (offset, bytes, value): the layout of APPNOTE.TXT.
  // prettier-ignore
  const local = zipRecord(30, 0x04034b50, [[4, 2, 20], [8, 2, 8], [18, 4, packed], [22, 4, 1024], [26, 2, named]]);
  // prettier-ignore
  const central = zipRecord(46, 0x02014b50, [[4, 2, 20], [6, 2, 20], [10, 2, 8], [20, 4, packed], [24, 4, 1024], [28, 2, named]]);
  // prettier-ignore
  const end = zipRecord(22, 0x06054b50, [[8, 2, 1], [10, 2, 1], [12, 4, 46 + named], [16, 4, 30 + named + packed]]);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}
const column = (name: (typeof SHEET_COLUMNS)[number]) => SHEET_COLUMNS.indexOf(name) + 1;

describe('XLSX round trip', () => {
  it('exports, previews the edits and the errors, refuses, then applies exactly the changes with one audit row per sample', async () => {
    const { response, bytes } = await exported('format=xlsx');
    expect(response.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="yinku-samples-all-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = await workbookOf(bytes);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...SHEET_COLUMNS]);
    const all = await samples('pageSize=100');
    expect(sheet.rowCount - 1).toBe(all.length);
    const [a, b, c] = all;
    expect(sheet.getRow(2).getCell(column('id')).value).toBe(a!.id);

    // Unchanged, the export previews as nothing to change.
    const same = await preview(bytes);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ format: 'xlsx', rows: all.length, changeCount: 0 });
    expect(same.body.data.errors).toEqual([]);

    sheet.getRow(2).getCell(column('nameZh')).value = '新的名字';
    sheet.getRow(2).getCell(column('bpm')).value = a!.bpm === 97 ? 98 : 97;
    sheet.getRow(3).getCell(column('tags')).value = 'dusty, warm，dusty';
    sheet.getRow(4).getCell(column('bpm')).value = 'fast';
    sheet.getRow(4).getCell(column('audioKey')).value = 'H#';
    const edited = await xlsxBytes(workbook);
    const first = await preview(edited);
    expect(first.body.data.changes).toEqual([
      {
        sampleId: a!.id,
        row: 2,
        field: 'nameZh',
        before: a!.nameZh,
        after: '新的名字',
      },
      {
        sampleId: a!.id,
        row: 2,
        field: 'bpm',
        before: a!.bpm === null ? '' : String(a!.bpm),
        after: a!.bpm === 97 ? '98' : '97',
      },
      { sampleId: b!.id, row: 3, field: 'tags', before: b!.tags.join(', '), after: 'dusty, warm' },
    ]);
    expect(first.body.data.errors).toEqual([
      { row: 4, column: 'bpm', code: 'BAD_TEMPO', message: expect.stringMatching(/Tempo/) },
      { row: 4, column: 'audioKey', code: 'BAD_KEY', message: expect.stringMatching(/key/) },
    ]);
    // With errors nothing is applied.
    const refused = await apply(edited, first.body.data.token);
    expect(refused.status).toBe(400);
    expect((await samples(`pageSize=100`))[0]).toEqual(a);

    sheet.getRow(4).getCell(column('bpm')).value = c!.bpm;
    sheet.getRow(4).getCell(column('audioKey')).value = c!.audioKey;
    const fixed = await xlsxBytes(workbook);
    const second = await preview(fixed);
    expect(second.body.data).toMatchObject({ changeCount: 3, sampleCount: 2, errorCount: 0 });
    const applied = await apply(fixed, second.body.data.token);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ sampleCount: 2, changeCount: 3 });

    const after = await samples('pageSize=100');
    expect(after[0]).toEqual({ ...a, nameZh: '新的名字', bpm: a!.bpm === 97 ? 98 : 97 });
    expect(after[1]).toEqual({ ...b, tags: ['dusty', 'warm'] });
    expect(after[2]).toEqual(c);
    const [rowA] = await auditOf(a!.id);
    expect(rowA).toMatchObject({ action: 'sample.update', actorId: admin.id });
    expect(JSON.parse(rowA!.before!)).toEqual({ nameZh: a!.nameZh, bpm: a!.bpm });
    expect(JSON.parse(rowA!.after!)).toEqual({ nameZh: '新的名字', bpm: a!.bpm === 97 ? 98 : 97 });
    expect(await auditOf(b!.id)).toHaveLength(1);
    expect(await auditOf(c!.id)).toHaveLength(0);

    // The same file again changes nothing.
    expect((await preview(fixed)).body.data.changeCount).toBe(0);
  });

  it('refuses to apply a preview the samples moved away from since (409), and changes nothing', async () => {
    const [sample] = await samples('pageSize=1&page=5');
    const file = await sheetOf([
      ['id', 'nameEn'],
      [sample!.id, 'Renamed Loop'],
    ]);
    const seen = await preview(file);
    expect(seen.body.data.changeCount).toBe(1);
    await apiCall(gateway, 'PATCH', API.adminSample(sample!.id), {
      token: admin.accessToken,
      body: { nameEn: 'Someone Else' },
    });
    const stale = await apply(file, seen.body.data.token);
    expect(stale.status).toBe(409);
    expect((await samples('pageSize=1&page=5'))[0]!.nameEn).toBe('Someone Else');
    // A token of another file is refused the same way.
    const other = await apply(file, 'A'.repeat(43));
    expect(other.status).toBe(409);
  });
});

describe('CSV round trip', () => {
  it('exports a pack as UTF-8 CSV with a BOM and escaped formula-like cells, and applies an edit', async () => {
    const [first] = await samples('pageSize=1&page=3');
    const packCode = first!.packCode;
    await apiCall(gateway, 'PATCH', API.adminSample(first!.id), {
      token: admin.accessToken,
      body: { nameEn: '=HYPERLINK("http://x","y")', tags: ['-5db', '@home'] },
    });
    const { response, bytes } = await exported(`format=csv&packCode=${packCode}`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFid,packCode,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const pack = await samples(`packCode=${packCode}&pageSize=100`);
    expect(lines).toHaveLength(pack.length + 1);
    const line = lines.find((l) => l.startsWith(`${first!.id},`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line).toContain(`'-5db, @home`);
    // Read back unchanged: the escapes come off, nothing changes.
    expect((await preview(text, 'text/csv')).body.data).toMatchObject({
      changeCount: 0,
      errorCount: 0,
    });

    const edited = text
      .split('\r\n')
      .map((l) =>
        l.startsWith(`${first!.id},`) ? l.replace(`,${first!.nameZh},`, ',鼓组 一,') : l,
      )
      .join('\r\n');
    const seen = await preview(edited, 'text/csv');
    expect(seen.body.data.errors).toEqual([]);
    expect(seen.body.data.changes).toEqual([
      expect.objectContaining({ sampleId: first!.id, field: 'nameZh', after: '鼓组 一' }),
    ]);
    const applied = await apply(edited, seen.body.data.token, 'text/csv');
    expect(applied.body.data).toEqual({ sampleCount: 1, changeCount: 1 });
    expect((await samples('pageSize=1&page=3'))[0]!.nameZh).toBe('鼓组 一');
  });
});

describe('hostile files', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    ids = (await samples('pageSize=3&page=7')).map((s) => s.id);
  });

  it('refuses what is not a readable spreadsheet with a 400 naming the file', async () => {
    const cases: Array<[string, Uint8Array | string, string?]> = [
      ['binary', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe, 0x00])],
      ['corrupt zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
      ['zip of no sheet', zipSync({ 'a.txt': new TextEncoder().encode('hello') })],
      ['empty', ''],
      ['JSON', '{"id":1}', 'application/json'],
    ];
    for (const [name, bytes, type] of cases) {
      const answer = await preview(bytes, type);
      expect(answer.status, name).toBe(400);
      expect(answer.body.field, name).toBe('file');
    }
  });

  it('refuses a body over the limit and a zip that expands too far (413)', async () => {
    const huge = await preview(new Uint8Array(SHEET_LIMITS.bytes + 1).fill(0x41), 'text/csv');
    expect(huge.status).toBe(413);
    const bomb = zipOf(
      'xl/worksheets/sheet1.xml',
      deflateRawSync(new Uint8Array(SHEET_LIMITS.expandedBytes + 1024), { level: 1 }),
    );
    expect(bomb.byteLength).toBeLessThan(SHEET_LIMITS.bytes);
    expect((await preview(bomb)).status).toBe(413);
  });

  it('answers each bad row with its row, column and code, and applies nothing', async () => {
    const [a, b, c] = ids;
    const file = await sheetOf([
      ['id', 'nameEn', 'bpm', 'audioKey', 'kind', 'tags', 'packCode', 'colour'],
      [a, { formula: 'UPPER("x")' }, 100, 'C', 'loop', 'x', '', 'red'],
      [b, 'Fine', 'slow', 'Q', 'drone', 'a'.repeat(41), 'ELSEWHERE', null],
      [b, 'Again', 100, 'C', 'loop', '', null, null],
      [999_999, 'Ghost', 100, 'C', 'loop', '', null, null],
      ['x1', 'Bad', 100, 'C', 'loop', '', null, null],
      [c, '   ', 100, 'C', 'loop', '', null, null],
    ]);
    const answer = await preview(file);
    expect(answer.status).toBe(200);
    const errors = answer.body.data.errors.map((e) => [e.row, e.column, e.code]);
    expect(errors).toEqual([
      [1, 'colour', 'UNKNOWN_COLUMN'],
      [2, 'nameEn', 'FORMULA'],
      [3, 'bpm', 'BAD_TEMPO'],
      [3, 'audioKey', 'BAD_KEY'],
      [3, 'kind', 'BAD_KIND'],
      [3, 'tags', 'BAD_TAGS'],
      [3, 'packCode', 'READ_ONLY'],
      [4, 'id', 'DUPLICATE_ID'],
      [5, 'id', 'UNKNOWN_SAMPLE'],
      [6, 'id', 'BAD_ID'],
      [7, 'nameEn', 'BAD_NAME'],
    ]);
    expect(answer.body.data.errorCount).toBe(11);
    const before = await samples('pageSize=3&page=7');
    expect((await apply(file, answer.body.data.token)).status).toBe(400);
    expect(await samples('pageSize=3&page=7')).toEqual(before);
  });

  it('needs an id column, and says so in Chinese too', async () => {
    const file = await sheetOf([
      ['nameEn', 'bpm'],
      ['Loop', 100],
    ]);
    const answer = await fetch(`${gateway.url}${API.adminSheetPreview}`, {
      method: 'POST',
      headers: { ...authHeaders(admin.accessToken, 'zh'), 'content-type': XLSX_TYPE },
      body: Buffer.from(file),
    });
    const { data } = (await answer.json()) as ApiEnvelope<SheetPreview>;
    expect(data.errors).toEqual([
      { row: 1, column: 'id', code: 'MISSING_ID_COLUMN', message: '第一行缺少 id 列' },
    ]);
    expect(data.changeCount).toBe(0);
  });
});
