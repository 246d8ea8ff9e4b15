/**
 * A small RFC 4180 reader for the CSV files people upload (bulk invite, issue 16): quoted cells
 * with doubled quotes and line breaks inside, CRLF or LF, a leading byte-order mark, blank lines
 * skipped. Text that is not CSV (NUL or other binary control bytes, an unclosed quote) is refused.
 */
export class CsvError extends Error {
  constructor(
    readonly reason: 'notCsv' | 'unclosedQuote',
    message: string,
  ) {
    super(message);
  }
}

export type CsvRow = { line: number; cells: string[] };

// Control characters other than tab, line feed and carriage return: a binary file, not CSV.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const binary = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export function parseCsv(text: string): CsvRow[] {
  if (binary.test(text)) throw new CsvError('notCsv', 'This file is not a CSV file.');
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (quoted) throw new CsvError('unclosedQuote', `Line ${rowLine} has a quote that is never closed.`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
