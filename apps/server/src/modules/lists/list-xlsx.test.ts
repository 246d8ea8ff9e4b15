import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

async function call(who: PersonaName, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload }),
  });
}

const listUrl = (listId: string) => `/api/companies/${w.companyId}/lists/${listId}`;

async function newList(name: string): Promise<string> {
  const res = await call('orgController', 'POST', `/api/companies/${w.companyId}/lists`, { name });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** An XLSX file as Excel writes one: the first tab is the list, a second tab is ignored. */
async function workbook(fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<string> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Plant'), book);
  book.addWorksheet('Notes').addRow(['Not the list', 'x']);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

/** A ZIP of deflated entries; `declared` lies about an entry's unpacked size, as a ZIP bomb does. */
function zip(entries: { name: string; deflated: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declared ?? 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declared ?? 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest XLSX package around one sheet's XML (inline strings, no styles). */
function minimalXlsx(sheet: Buffer): Buffer {
  const text = (name: string, xml: string) => ({ name, deflated: deflateRawSync(xml) });
  return zip([
    text(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    text(
      '_rels/.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    text(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="List" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    { name: 'xl/worksheets/sheet1.xml', deflated: sheet },
  ]);
}

function sheetXml(rows: string[][]): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((c, n) => `<c r="${String.fromCharCode(65 + n)}${r + 1}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

describe('XLSX import (issue 18.3, spec 5.1)', () => {
  it('reads the first sheet through the same preview and apply as a CSV: dates, numbers and formulas as the types want', async () => {
    const listId = await newList('Plant from XLSX');
    const xlsx = await workbook((sheet) => {
      sheet.addRow(['Plant', 'Colour', 'Next service [Date with expiry]', 'Hours [Number]', 'Type', 'Bought [Date]']);
      sheet.addRow(['Excavator', '#FF0000', new Date(Date.UTC(2027, 2, 1)), 120, 'Earthmoving', 46082]);
      sheet.addRow([
        { richText: [{ text: 'Tipper, ' }, { font: { bold: true }, text: '10t' }] },
        null,
        null,
        0.1 + 0.2,
        true,
        null,
      ]);
      sheet.addRow([
        'Crane',
        null,
        { formula: 'C2+31', result: new Date(Date.UTC(2027, 3, 1)) },
        { formula: 'D2*2', result: 240 },
        { formula: 'E2&" (heavy)"', result: 'Earthmoving (heavy)' },
        null,
      ]);
      sheet.getColumn(3).numFmt = 'dd/mm/yyyy';
      sheet.getColumn(6).numFmt = '0';
      sheet.getRow(4).getCell(3).numFmt = 'dd/mm/yyyy';
    });
    const preview = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, { xlsx });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      properties: [
        { name: 'Next service', type: 'expiry_date', change: 'added' },
        { name: 'Hours', type: 'number', change: 'added' },
        { name: 'Type', type: 'text', change: 'added' },
        { name: 'Bought', type: 'date', change: 'added' },
      ],
      counts: { added: 3, changed: 0, removed: 0, unchanged: 0 },
      examples: { added: ['Excavator', 'Tipper, 10t', 'Crane'], changed: [], removed: [] },
      errors: [],
    });

    const applied = await call('orgController', 'POST', `${listUrl(listId)}/import`, { xlsx });
    expect(applied.json()).toMatchObject({ id: listId });
    expect(applied.statusCode).toBe(200);
    const [next, hours, type, bought] = applied.json().properties.map((p: { id: string }) => p.id);
    const items = (await call('orgController', 'GET', `${listUrl(listId)}/items`)).json().items;
    expect(
      items.map((i: { label: string; colour: string | null; values: object }) => [i.label, i.colour, i.values]),
    ).toEqual([
      ['Excavator', '#ff0000', { [next]: '2027-03-01', [hours]: '120', [type]: 'Earthmoving', [bought]: '2026-03-01' }],
      ['Tipper, 10t', null, { [hours]: '0.3', [type]: 'TRUE' }],
      ['Crane', null, { [next]: '2027-04-01', [hours]: '240', [type]: 'Earthmoving (heavy)' }],
    ]);
    const events = (await call('orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events[0]).toMatchObject({ action: 'list.imported', subjectId: listId });
  });

  it('reads the first tab of a workbook of 30 tabs, whose workbook part is stored last (exceljs#3064)', async () => {
    // exceljs's one-pass streaming reader dropped the last parts of such a package and answered
    // "could not be read" (17 of 20 reads at 10 tabs, 20 of 20 at 30); the parts are now read by name.
    const listId = await newList('Many tabs');
    const xlsx = await workbook((sheet, book) => {
      sheet.addRow(['Plant', 'Hours [Number]']);
      for (let n = 1; n <= 40; n++) sheet.addRow([`Machine ${n}`, n]);
      for (let tab = 1; tab < 30; tab++) book.addWorksheet(`Tab ${tab}`).addRow(['Other', tab]);
    });
    for (let read = 0; read < 3; read++) {
      const preview = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, { xlsx });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({ counts: { added: 40 }, errors: [] });
    }
  });

  it('lists every bad row by its spreadsheet row number; applying it is 400 listCsvInvalid and changes nothing', async () => {
    const listId = await newList('Bad XLSX');
    const xlsx = await workbook((sheet) => {
      sheet.addRow(['Plant', 'Hours [Number]', 'Bought [Date]']);
      sheet.addRow(['Excavator', 12, new Date(Date.UTC(2027, 0, 2))]);
      sheet.addRow([]);
      sheet.addRow(['Crane', 'lots', 'soon']);
      sheet.addRow(['Roller', { error: '#DIV/0!' }, null]);
    });
    const preview = (await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, { xlsx })).json();
    expect(preview.errors).toEqual([
      { line: 4, message: 'Hours: Enter a number, such as 12 or -3.5.' },
      { line: 4, message: 'Bought: Enter a date as YYYY-MM-DD.' },
      { line: 5, message: 'Hours: the cell shows the error #DIV/0!.' },
    ]);
    const res = await call('orgController', 'POST', `${listUrl(listId)}/import`, { xlsx });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'listCsvInvalid', title: 'CSV file has formatting errors.' });
    expect(res.json().errors[0]).toMatchObject({ path: 'body.xlsx.line.4' });
    expect((await call('orgController', 'GET', listUrl(listId))).json().itemCount).toBe(0);
  });

  it('refuses what is not a spreadsheet, a ZIP bomb and too many rows as problem+json, never a 5xx', async () => {
    const listId = await newList('Hostile XLSX');
    const refusal = async (data: Buffer) => {
      const res = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, {
        xlsx: data.toString('base64'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'listCsvInvalid', title: 'CSV file has formatting errors.' });
      return res.json().errors[0];
    };
    const notXlsx = { path: 'body.xlsx', message: expect.stringContaining('not an XLSX spreadsheet') };
    expect(await refusal(Buffer.from('Plant,Hours\nExcavator,1\n'))).toEqual(notXlsx);
    expect(await refusal(Buffer.from('PK\u0003\u0004 but nothing after'))).toEqual(notXlsx);
    expect(await refusal(zip([{ name: 'word/document.xml', deflated: deflateRawSync('<w/>') }]))).toEqual(notXlsx);
    // An old binary .xls (a compound document).
    expect(await refusal(Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'))).toEqual(notXlsx);

    // 256 MB of the same row, deflated to well under 1 MB, its headers claiming 1 KB.
    const deflate = createDeflateRaw({ level: 1 });
    const parts: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => parts.push(chunk));
    const done = new Promise((resolve) => deflate.on('end', resolve));
    const row = Buffer.from('<row><c t="inlineStr"><is><t>boom</t></is></c></row>'.repeat(20_000));
    for (let written = 0; written < 256 * 1024 * 1024; written += row.length) deflate.write(row);
    deflate.end();
    await done;
    const bomb = minimalXlsx(Buffer.concat(parts));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(bomb)).toEqual({
      path: 'body.xlsx',
      message: expect.stringContaining('unpacks to more than'),
    });

    const many = [['Plant'], ...Array.from({ length: 100_001 }, (_, n) => [`Item ${n}`])];
    expect(await refusal(minimalXlsx(deflateRawSync(sheetXml(many))))).toEqual({
      path: 'body.xlsx',
      message: 'The file has more than 100,000 items.',
    });
    // The same package with fewer rows is read.
    const few = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, {
      xlsx: minimalXlsx(deflateRawSync(sheetXml(many.slice(0, 4)))).toString('base64'),
    });
    expect(few.json()).toMatchObject({ counts: { added: 3 }, errors: [] });
  }, 60_000);

  it('a file over 10 MB is refused before it is read', async () => {
    const listId = await newList('Large XLSX');
    const justOver = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, {
      xlsx: Buffer.alloc(10 * 1024 * 1024 + 1).toString('base64'),
    });
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toMatchObject({ code: 'payloadTooLarge', detail: 'The file is larger than 10 MB.' });
    const larger = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, {
      xlsx: Buffer.alloc(10 * 1024 * 1024 + 4).toString('base64'),
    });
    expect(larger.statusCode).toBe(400);
    expect(larger.json().errors[0]).toMatchObject({ message: 'The file is larger than 10 MB' });
  });

  it('only those who manage the list import an XLSX (403); another workspace 404; a body with both files 400', async () => {
    const listId = await newList('Guarded XLSX');
    const xlsx = await workbook((sheet) => sheet.addRow(['Plant']));
    expect((await call('orgMember', 'POST', `${listUrl(listId)}/import`, { xlsx })).statusCode).toBe(403);
    expect((await call('outsider', 'POST', `${listUrl(listId)}/import/preview`, { xlsx })).statusCode).toBe(404);
    const both = await call('orgController', 'POST', `${listUrl(listId)}/import/preview`, { xlsx, csv: 'Plant' });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('validationFailed');
  });
});

describe('a large import (issue 18: 50,000 items)', () => {
  it('writes every item in the file order across statements, with its values', async () => {
    const listId = await newList('Many items');
    const rows = Array.from({ length: 12_001 }, (_, n) => `Item ${String(n).padStart(5, '0')},${n}`);
    const csv = ['Plant,Hours [Number]', ...rows].join('\n');
    const res = await call('orgController', 'POST', `${listUrl(listId)}/import`, { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json().itemCount).toBe(12_001);
    const hours = res.json().properties[0].id;
    const page = (await call('orgController', 'GET', `${listUrl(listId)}/items?search=item 0500&limit=500`)).json();
    expect(
      page.items.map((i: { label: string; values: object; position: number }) => [i.label, i.values, i.position]),
    ).toEqual(
      Array.from({ length: 10 }, (_, n) => [
        `Item ${5000 + n}`.replace('Item ', 'Item 0'),
        { [hours]: String(5000 + n) },
        5001 + n,
      ]),
    );
  }, 60_000);
});
