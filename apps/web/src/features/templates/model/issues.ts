import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { TemplateIssue } from '@formwork/shared/templates/template-issues';
import { HttpError } from '../../../lib/http.ts';

/** The editor tabs of spec 2.6, in order. */
export const editorTabs = [
  'settings',
  'fields',
  'headerFooter',
  'preview',
  'mobile',
  'view',
  'download',
  'macros',
] as const;
export type EditorTab = (typeof editorTabs)[number];

/** Which editor tab shows the place an issue is about. */
export function issueTab(path: string): EditorTab {
  if (path.startsWith('definition.fields') || path.startsWith('definition.logic')) return 'fields';
  if (path.startsWith('definition.header') || path.startsWith('definition.footer')) return 'headerFooter';
  if (path.startsWith('definition.pdfFilename')) return 'download';
  if (path.startsWith('definition.workflow') || path.startsWith('definition.registerOrder')) return 'view';
  return 'settings';
}

/** The field an issue is about: its fieldId, or the field its path points into. */
export function issueFieldId(issue: TemplateIssue, definition: TemplateDefinition): string | undefined {
  if (issue.fieldId) return issue.fieldId;
  const match = /^definition\.fields\.(\d+)/.exec(issue.path);
  return match ? definition.fields[Number(match[1])]?.id : undefined;
}

/** Issues grouped by field id and by top-level path, for showing at their places. */
export function groupIssues(issues: readonly TemplateIssue[], definition: TemplateDefinition) {
  const byField = new Map<string, TemplateIssue[]>();
  const byPath = new Map<string, TemplateIssue[]>();
  for (const issue of issues) {
    const fieldId = issueFieldId(issue, definition);
    if (fieldId) byField.set(fieldId, [...(byField.get(fieldId) ?? []), issue]);
    byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue]);
  }
  const at = (prefix: string) =>
    issues.filter((i) => i.path === prefix || i.path.startsWith(`${prefix}.`)).map((i) => i.message);
  return { byField, byPath, at };
}

type ServerError = { path?: string; message?: string; code?: string; fieldId?: string; detail?: string };

/** A 400 validationFailed (or a 409 on the Template ID) as the same issues validateTemplate() gives. */
export function serverIssues(error: unknown): TemplateIssue[] | null {
  if (!(error instanceof HttpError)) return null;
  const problem = error.problem as { errors?: ServerError[] } | undefined;
  if (!Array.isArray(problem?.errors) || problem.errors.length === 0) return null;
  return problem.errors.map((e) => ({
    path: (e.path ?? '').replace(/^body\.?/, ''),
    message: e.message ?? 'Invalid value',
    code: (e.code ?? 'invalid') as TemplateIssue['code'],
    ...(e.fieldId ? { fieldId: e.fieldId } : {}),
    ...(e.detail ? { detail: e.detail } : {}),
  }));
}
