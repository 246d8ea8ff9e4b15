import { FormulaSyntaxError, type Token, tokenize } from './tokenizer.ts';

export type Node =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'reference'; key: string }
  | { type: 'unary'; operator: '-' | '+'; operand: Node }
  | { type: 'binary'; operator: string; left: Node; right: Node }
  | { type: 'call'; name: string; args: Node[] };

/**
 * Precedence as in Excel, lowest first: comparison, `&`, `+ -`, `* /`, `^`, then unary minus (so
 * -2^2 is 4, as Excel answers). Binary operators are left-associative, `^` included.
 */
const levels: readonly (readonly string[])[] = [
  ['=', '<>', '<', '>', '<=', '>='],
  ['&'],
  ['+', '-'],
  ['*', '/'],
  ['^'],
];

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    return this.tokens[this.index++] as Token;
  }

  parse(): Node {
    const node = this.binary(0);
    const token = this.peek();
    if (token.kind !== 'end') throw new FormulaSyntaxError('Unexpected input after the expression', token.at);
    return node;
  }

  private binary(level: number): Node {
    if (level >= levels.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'operator' || !(levels[level] as readonly string[]).includes(token.value)) return left;
      this.next();
      left = { type: 'binary', operator: token.value, left, right: this.binary(level + 1) };
    }
  }

  private unary(): Node {
    const token = this.peek();
    if (token.kind === 'operator' && (token.value === '-' || token.value === '+')) {
      this.next();
      return { type: 'unary', operator: token.value, operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): Node {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { type: 'number', value: token.value };
      case 'string':
        return { type: 'string', value: token.value };
      case 'reference':
        return { type: 'reference', key: token.value };
      case 'lparen': {
        const inner = this.binary(0);
        const close = this.next();
        if (close.kind !== 'rparen') throw new FormulaSyntaxError('Missing ")"', close.at);
        return inner;
      }
      case 'name': {
        if (this.peek().kind !== 'lparen') {
          if (token.value === 'TRUE' || token.value === 'FALSE')
            return { type: 'boolean', value: token.value === 'TRUE' };
          throw new FormulaSyntaxError(`Unknown name ${token.value}`, token.at);
        }
        this.next();
        const args: Node[] = [];
        if (this.peek().kind === 'rparen') {
          this.next();
          return { type: 'call', name: token.value, args };
        }
        for (;;) {
          args.push(this.binary(0));
          const separator = this.next();
          if (separator.kind === 'rparen') break;
          if (separator.kind !== 'comma') throw new FormulaSyntaxError('Expected "," or ")"', separator.at);
        }
        return { type: 'call', name: token.value, args };
      }
      default:
        throw new FormulaSyntaxError('Expected a value', token.at);
    }
  }
}

const maxLength = 2000;
const cache = new Map<string, Node>();

/** The expression's syntax tree; parsed once per distinct expression (forms share templates). */
export function parseFormula(source: string): Node {
  const cached = cache.get(source);
  if (cached) return cached;
  if (source.length > maxLength) throw new FormulaSyntaxError('Formula too long', maxLength);
  const node = new Parser(tokenize(source)).parse();
  if (cache.size > 5000) cache.clear();
  cache.set(source, node);
  return node;
}

/** Every `{key}` the expression refers to (for dependency order and the editor). */
export function formulaReferences(node: Node, into: Set<string> = new Set()): Set<string> {
  switch (node.type) {
    case 'reference':
      into.add(node.key);
      break;
    case 'unary':
      formulaReferences(node.operand, into);
      break;
    case 'binary':
      formulaReferences(node.left, into);
      formulaReferences(node.right, into);
      break;
    case 'call':
      for (const arg of node.args) formulaReferences(arg, into);
      break;
  }
  return into;
}
