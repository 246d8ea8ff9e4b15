import { describe, expect, it } from 'vitest';
import { csvChunks, csvField, type ExportCell } from './csv.ts';

async function csv(header: string[], ...batches: ExportCell[][][]): Promise<string> {
  async function* rows() {
    for (const batch of batches) yield batch;
  }
  let out = '';
  for await (const chunk of csvChunks(header, rows())) out += chunk;
  return out;
}

describe('CSV writer', () => {
  it('starts with a byte-order mark and the header, rows end with CRLF', async () => {
    expect(await csv(['Number', 'Title'], [[1, 'First']], [[2, 'Second']])).toBe(
      '\uFEFFNumber,Title\r\n1,First\r\n2,Second\r\n',
    );
  });

  it('quotes cells holding a quote, a comma, a carriage return or a line feed, doubling quotes', async () => {
    const rows: ExportCell[][] = [['say "hi"', 'a,b', 'one\ntwo', 'one\rtwo', 'plain', '"']];
    expect(await csv([], rows)).toBe('\uFEFF\r\n"say ""hi""","a,b","one\ntwo","one\rtwo",plain,""""\r\n');
  });

  it('keeps text that a spreadsheet would read as a formula as text, quoting it when it needs quotes', async () => {
    const rows: ExportCell[][] = [['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', '=a,b', 'a=b', '-']];
    expect(await csv([], rows)).toBe("\uFEFF\r\n'=SUM(A1),'+1,'-2,'@cmd,'\tx,\"'\rx\",\"'=a,b\",a=b,'-\r\n");
  });

  it('writes numbers as numbers (negative ones too), empty and missing cells as nothing', async () => {
    expect(await csv([], [[-2.5, 0, 1e21, null, '']])).toBe('\uFEFF\r\n-2.5,0,1e+21,,\r\n');
  });

  it('quotes and guards header cells like any other', async () => {
    expect(await csv(['Weight, kg', '=Total'], [])).toBe('\uFEFF"Weight, kg",\'=Total\r\n');
  });
});

describe('CSV field', () => {
  it('guards formula starts unless told the value is typed (a negative number stays a number)', () => {
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('-5', false)).toBe('-5');
    expect(csvField('a "b", c', false)).toBe('"a ""b"", c"');
  });
});
