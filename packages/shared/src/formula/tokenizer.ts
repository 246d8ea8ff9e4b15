/**
 * Tokens of the Excel-like formula language. References name other fields by their stable id in
 * braces, `{quantity}`, or a table column, `{materials.cost}` (a list of the column's cells). The
 * editor shows the same references by field label, `{Quantity}` (see scope.ts), so a reference is
 * whatever stands between the braces (no braces inside), trimmed; which field it names is decided
 * when it is resolved, never here.
 */
export type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'reference'; value: string; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'operator'; value: string; at: number }
  | { kind: 'lparen' | 'rparen' | 'comma' | 'end'; at: number };

export class FormulaSyntaxError extends Error {
  readonly at: number;
  constructor(message: string, at: number) {
    super(message);
    this.name = 'FormulaSyntaxError';
    this.at = at;
  }
}

const twoCharOperators = new Set(['<=', '>=', '<>']);
const oneCharOperators = new Set(['+', '-', '*', '/', '^', '&', '=', '<', '>']);
const numberPattern = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;
const namePattern = /^[A-Za-z_][A-Za-z0-9_.]*/;
const referencePattern = /^\{([^{}]*)\}/;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = source.slice(i);
    if (/[\d.]/.test(ch)) {
      const match = numberPattern.exec(rest);
      if (!match) throw new FormulaSyntaxError(`Unexpected "${ch}"`, i);
      tokens.push({ kind: 'number', value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= source.length) throw new FormulaSyntaxError('Unterminated text', i);
        if (source[j] === '"') {
          if (source[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          break;
        }
        value += source[j];
        j++;
      }
      tokens.push({ kind: 'string', value, at: i });
      i = j + 1;
    } else if (ch === '{') {
      const match = referencePattern.exec(rest);
      const key = match?.[1]?.trim();
      if (!match || !key) throw new FormulaSyntaxError('Invalid field reference', i);
      tokens.push({ kind: 'reference', value: key, at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = namePattern.exec(rest) as RegExpExecArray;
      tokens.push({ kind: 'name', value: match[0].toUpperCase(), at: i });
      i += match[0].length;
    } else if (twoCharOperators.has(rest.slice(0, 2))) {
      tokens.push({ kind: 'operator', value: rest.slice(0, 2), at: i });
      i += 2;
    } else if (oneCharOperators.has(ch)) {
      tokens.push({ kind: 'operator', value: ch, at: i });
      i++;
    } else if (ch === '(') {
      tokens.push({ kind: 'lparen', at: i++ });
    } else if (ch === ')') {
      tokens.push({ kind: 'rparen', at: i++ });
    } else if (ch === ',' || ch === ';') {
      tokens.push({ kind: 'comma', at: i++ });
    } else {
      throw new FormulaSyntaxError(`Unexpected "${ch}"`, i);
    }
  }
  tokens.push({ kind: 'end', at: source.length });
  return tokens;
}
