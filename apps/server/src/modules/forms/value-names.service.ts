import type { Field } from '@formwork/shared/fields/field';
import { mayNameUsersOrForms, valueReferences } from '@formwork/shared/forms/value-references';
import type { Tx } from '../../db/tenant.ts';
import { peopleNames } from '../people/people.service.ts';
import { formTitles } from './forms.queries.ts';

/** What values name by id, resolved: people (person fields, table person cells, created by) and related forms. */
export type ValueNames = { people: Map<string, string>; formTitles: Map<string, string> };

type Named = { values: Record<string, unknown>; createdBy?: string | null; updatedBy?: string | null };

/**
 * The names the shared value text needs for these forms' values, read in the caller's verified
 * workspace transaction, so a register, an export, a PDF and the history name people alike.
 */
export async function valueNames(
  tx: Tx,
  workspaceId: string,
  fields: readonly Field[],
  forms: readonly Named[],
): Promise<ValueNames> {
  const users = new Set<string>();
  const related = new Set<string>();
  // Only the fields that can name someone or something are read: an export reads every row of a
  // register this way, and most fields (texts, numbers, dates, choices) name nothing.
  const naming = fields.filter(mayNameUsersOrForms);
  for (const form of forms) {
    if (naming.length > 0) {
      const refs = valueReferences(naming, form.values);
      for (const u of refs.users) users.add(u.id);
      for (const f of refs.forms) related.add(f.id);
    }
    if (form.createdBy) users.add(form.createdBy);
    if (form.updatedBy) users.add(form.updatedBy);
  }
  const [people, titles] = await Promise.all([
    peopleNames(tx, workspaceId, [...users]),
    formTitles(tx, workspaceId, [...related]),
  ]);
  return { people, formTitles: titles };
}
