import type { Tx } from '../../db/tenant.ts';
import * as queries from './templates.queries.ts';

/**
 * What other modules may ask about the fields of a template a team fills in (issue 18.5: which
 * list a list field or list column reads, so the typeahead serves exactly that list).
 */
export async function teamTemplateFieldList(
  tx: Tx,
  place: { workspaceId: string; teamId: string },
  field: { templateId: string; version: number; fieldId: string; columnId?: string | undefined },
): Promise<string | undefined> {
  return queries.teamTemplateFieldList(tx, place, field);
}
