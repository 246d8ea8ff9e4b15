import { matchingField } from '@formwork/shared/analytics/shared-fields';
import type { Field } from '@formwork/shared/fields/field';
import { parseRegisterFilter } from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { type SQL, sql } from 'drizzle-orm';
import type { ChartTemplateRow } from './analytics.queries.ts';

/**
 * The fields of a chart over one or more templates (issue 20). A chart names a field by the first
 * template's id; each other template's field of the same name and type (shared-fields.ts) stands
 * for it. The forms keep values under their own template's field ids and option ids, so the SQL
 * reads the key per template, choice options are taken as the first template's option of the same
 * name, and the register's filters are rewritten for each template's register.
 */

/** One template a chart reads, with its listed fields by id. */
export type ChartSource = { template: ChartTemplateRow; definition: TemplateDefinition; fields: Map<string, Field> };

/** A field a chart names, with the same field in each of its templates (in the chart's order). */
export type SharedField = { field: Field; inTemplates: { templateId: string; field: Field }[] };

/** The field `fieldId` of the first template and its match in every other one; undefined when one lacks it. */
export function sharedField(sources: readonly ChartSource[], fieldId: string): SharedField | undefined {
  const field = sources[0]?.fields.get(fieldId);
  if (!field) return undefined;
  const inTemplates: SharedField['inTemplates'] = [];
  for (const [index, source] of sources.entries()) {
    const match = index === 0 ? field : matchingField([...source.fields.values()], field);
    if (!match) return undefined;
    inTemplates.push({ templateId: source.template.templateId, field: match });
  }
  return { field, inTemplates };
}

/** The key of the field's value in `f.field_values`: its id, or each form's template's id when they differ. */
export function fieldKeySql(shared: SharedField): SQL {
  const ids = new Set(shared.inTemplates.map((t) => t.field.id));
  if (ids.size === 1) return sql`${shared.field.id}::text`;
  const cases = shared.inTemplates.map((t) => sql`when ${t.templateId}::uuid then ${t.field.id}::text`);
  return sql`(case f.template_id ${sql.join(cases, sql` `)} end)`;
}

const optionsOf = (field: Field): { id: string; label: string }[] =>
  field.type === 'dropdown' || field.type === 'multipleChoice' ? field.options : [];

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Per other template, its option ids whose option the first template has under another id: theirs to the first's. */
function optionAliases(shared: SharedField): Record<string, Record<string, string>> {
  const first = optionsOf(shared.field);
  const aliases: Record<string, Record<string, string>> = {};
  for (const { templateId, field } of shared.inTemplates.slice(1)) {
    for (const option of optionsOf(field)) {
      const same = first.find((o) => sameName(o.label, option.label));
      if (!same || same.id === option.id) continue;
      const theirs = aliases[templateId] ?? {};
      theirs[option.id] = same.id;
      aliases[templateId] = theirs;
    }
  }
  return aliases;
}

/** A choice field's option id (`raw`) as the first template's option of the same name, where it has one. */
export function optionKeySql(shared: SharedField, raw: SQL): SQL {
  const aliases = optionAliases(shared);
  if (Object.keys(aliases).length === 0) return raw;
  return sql`coalesce((${JSON.stringify(aliases)}::jsonb -> f.template_id::text) ->> (${raw}), ${raw})`;
}

/** The names of a choice field's option id in any of the chart's templates (the first's first). */
export function optionName(shared: SharedField, optionId: string): string | null {
  for (const { field } of shared.inTemplates) {
    const option = optionsOf(field).find((o) => o.id === optionId);
    if (option) return option.label;
  }
  return null;
}

/**
 * A register filter written in the first template's terms, for the register of the chart's
 * template at `index`: its field id, and a choice option the first template names by its id.
 * Null when that template has no such field.
 */
export function filterFor(sources: readonly ChartSource[], index: number, text: string): string | null {
  const filter = parseRegisterFilter(text);
  if (!filter?.field) return text;
  const shared = sharedField(sources, filter.key);
  const target = shared?.inTemplates[index]?.field;
  if (!shared || !target) return null;
  const prefix = `field:${filter.key}:`;
  let rest = text.slice(prefix.length);
  if ((filter.op === 'eq' || filter.op === 'ne') && optionsOf(shared.field).length > 0) {
    const option = optionsOf(shared.field).find((o) => o.id === filter.value);
    const theirs = option ? optionsOf(target).find((o) => sameName(o.label, option.label)) : undefined;
    if (theirs) rest = `${filter.op}:${theirs.id}`;
  }
  return `field:${target.id}:${rest}`;
}
