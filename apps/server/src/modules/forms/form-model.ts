import { createHash } from 'node:crypto';
import type { FormValueError } from '@formwork/shared/forms/validate-form-values';
import { can, formItemAccess, type Permission } from '@formwork/shared/permissions';
import type { Form, FormulaErrorSchema } from '@formwork/shared/schemas/forms';
import {
  type TemplateDefinition,
  type TemplateType,
  templateDefinitionSchema,
} from '@formwork/shared/templates/template-definition';
import type { folderContext } from '../../authz/context.ts';
import { AppError } from '../../errors.ts';
import type { FormRecord, SignatureRow } from './forms.queries.ts';

/** The verified team of a forms route. */
export type TeamContext = Awaited<ReturnType<typeof folderContext>>;

/** Same workspace, missing right on the team: the spec's "You don't have access to this form". */
export function assertFormRight(ctx: TeamContext, verb: Permission): void {
  if (!can(ctx.viewer, verb, ctx.folder)) throw new AppError('formAccessDenied');
}

export function archivedFolder(ctx: TeamContext): boolean {
  return ctx.folder.state !== 'active';
}

const definitions = new Map<string, TemplateDefinition>();

/**
 * A template version's definition, parsed. Versions never change, so parsed definitions are kept
 * (bounded) by workspace, template and version: only the parsing is saved, never any access.
 */
export function parseDefinition(
  workspaceId: string,
  templateId: string,
  version: number,
  raw: unknown,
): TemplateDefinition {
  const key = `${workspaceId}:${templateId}:${version}`;
  const cached = definitions.get(key);
  if (cached) return cached;
  const definition = templateDefinitionSchema.parse(raw);
  if (definitions.size >= 1000) definitions.delete(definitions.keys().next().value as string);
  definitions.set(key, definition);
  return definition;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The digest of what a create sent: a replay has the same one, whatever the key order. */
export function createHashOf(content: unknown): string {
  return createHash('sha256').update(canonical(content)).digest('base64url');
}

export function invalid(errors: FormValueError[]): AppError {
  return new AppError('formInvalid', {
    errors: errors.map((e) => ({ path: `values.${e.path}`, message: e.message, code: e.code })),
  });
}

export function stale(currentVersion: number | undefined): AppError {
  if (currentVersion === undefined) return new AppError('formUnavailable');
  return new AppError('staleVersion', { meta: { currentVersion } });
}

/** The form as the API answers it, with what this viewer may do with it. */
export function toForm(
  ctx: TeamContext,
  record: FormRecord,
  template: { type: TemplateType; definition: TemplateDefinition },
  signatures: SignatureRow[],
  formulaErrors: FormulaErrorSchema[],
): Form {
  const inArchivedFolder = archivedFolder(ctx);
  const itemAccess = formItemAccess(ctx.viewer, ctx.folder, {
    createdByViewer: record.createdBy === ctx.user.userId,
    state: record.state,
  });
  const access = inArchivedFolder
    ? {
        edit: false,
        archive: false,
        restore: false,
        delete: false,
        clone: false,
        workflowMove: false,
        workflowReset: false,
      }
    : itemAccess;
  const columns = template.definition.workflow?.columns ?? [];
  return {
    formId: record.formId,
    teamId: record.teamId,
    templateId: record.templateId,
    templateVersion: record.templateVersion,
    templateType: template.type,
    number: record.number,
    title: record.title,
    state: record.state,
    version: record.version,
    values: record.values,
    textCells: record.textCells,
    formulaErrors,
    workflow:
      template.type === 'workflow'
        ? {
            column: record.workflowColumn ?? 0,
            columns: columns.map((c) => ({ id: c.id, name: c.name })),
            signatures,
          }
        : null,
    clonedFrom: record.clonedFrom,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedBy: record.updatedBy,
    updatedAt: record.updatedAt,
    archivedFolder: inArchivedFolder,
    readOnly: !access.edit,
    access,
  };
}
