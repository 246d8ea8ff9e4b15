import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { parseDefinition } from './form-model.ts';
import { type FormWithTemplate, formWithTemplate } from './forms.queries.ts';

/** Where a form is looked for: its verified workspace and its team (the route step checked both). */
export type FormPlace = { workspaceId: string; teamId: string };

/** The place of a team route's verified context. */
export function teamPlace(ctx: { workspace: { workspaceId: string }; folder: { folderId: string } }): FormPlace {
  return { workspaceId: ctx.workspace.workspaceId, teamId: ctx.folder.folderId };
}

/** A form with its template and the parsed definition of the version it was filled on. */
export type LoadedForm = FormWithTemplate & { definition: TemplateDefinition };

/**
 * The one way to load a form, for forms, workflows, actions and PDFs: by team, template and form,
 * so a form that one of them finds, all of them find (not deleted, nor of a deleted template).
 * It only loads; the route step has already checked the caller's access to the team.
 */
export async function loadForm(
  tx: Tx,
  place: FormPlace,
  formId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedForm | undefined> {
  const form = await formWithTemplate(tx, place.workspaceId, place.teamId, formId, options);
  if (!form) return undefined;
  const definition = parseDefinition(
    place.workspaceId,
    form.templateId,
    form.templateVersion,
    form.template.definition,
  );
  return { ...form, definition };
}

/** loadForm, answering 404 formUnavailable when there is no such form. */
export async function requireForm(
  tx: Tx,
  place: FormPlace,
  formId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedForm> {
  const form = await loadForm(tx, place, formId, options);
  if (!form) throw new AppError('formUnavailable');
  return form;
}
