import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted cells, doubled quotes, CRLF, a byte-order mark and skips blank lines', () => {
    expect(parseCsv('\ufeffEmail,Type\r\n"a@x.example","Vis""itor"\r\n\r\nb@x.example,"two\nlines"\n')).toEqual([
      { line: 1, cells: ['Email', 'Type'] },
      { line: 2, cells: ['a@x.example', 'Vis"itor'] },
      { line: 4, cells: ['b@x.example', 'two\nlines'] },
    ]);
  });
  it('keeps a last row without a line break and empty cells', () => {
    expect(parseCsv('Email,Folder\na@x.example,')).toEqual([
      { line: 1, cells: ['Email', 'Folder'] },
      { line: 2, cells: ['a@x.example', ''] },
    ]);
  });
  it('refuses binary content and an unclosed quote', () => {
    expect(() => parseCsv('PK\u0003\u0004binary')).toThrow(CsvError);
    expect(() => parseCsv('Email\n"a@x.example')).toThrow(/never closed/);
  });
});
