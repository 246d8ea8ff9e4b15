import ts from 'typescript';

/** Props whose string is shown to people (or read out to them), so it must come from t(). */
export const textProps = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'description',
  'error',
  'tooltip',
  'message',
  'confirmLabel',
  'cancelLabel',
]);

export type LiteralText = { file: string; line: number; text: string };

/** Words people read: not an HTML entity, a URL, a path or a domain given as an example. */
const hasWords = (text: string) => {
  const plain = text.replace(/&\w+;/g, ' ').trim();
  return /\p{L}{2,}/u.test(plain) && !/^(https?:\/\/\S*|\/\S*|[\w-]+(\.[\w-]+)+)$/.test(plain);
};

/**
 * The literal user-facing texts of a component file (issue 26): JSX text with words, and string
 * literals given to a text prop (label, title, placeholder, aria-label...), which should be keys.
 */
export function literalTexts(file: string, source: string): LiteralText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) add(node, node.text);
    if (ts.isJsxAttribute(node) && textProps.has(node.name.getText(sourceFile)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isJsxExpression(value) ? value.expression : value;
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        hasWords(literal.text)
      )
        add(literal, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
