import { fieldSchema } from '@formwork/shared/fields/field';
import { plans } from '@formwork/shared/limits';
import { libraryCategories, librarySlugSchema } from '@formwork/shared/schemas/library';
import { templateCreateSchema } from '@formwork/shared/schemas/templates';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.ts';

describe('the free template library catalogue', () => {
  it('holds at least 25 templates with unique ids and Template IDs, on every shelf', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(25);
    const ids = catalogue.map((e) => e.libraryTemplateId);
    expect(new Set(ids).size).toBe(ids.length);
    const codes = catalogue.map((e) => e.templateCode.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    for (const id of ids) expect(librarySlugSchema.safeParse(id).success).toBe(true);
    for (const category of libraryCategories) {
      expect(catalogue.filter((e) => e.category === category).length, category).toBeGreaterThanOrEqual(2);
    }
  });

  describe.each(catalogue.map((e) => [e.libraryTemplateId, e] as const))('%s', (_, entry) => {
    it('is taken by the template contract the API reads', () => {
      const body = templateCreateSchema.safeParse({
        name: entry.name,
        templateCode: entry.templateCode,
        formName: entry.formName,
        type: entry.type,
        definition: entry.definition,
      });
      expect(body.error?.issues ?? []).toEqual([]);
    });

    it.each(plans)('passes template validation on the %s plan', (plan) => {
      const definition = templateDefinitionSchema.parse(entry.definition);
      expect(validateTemplate({ ...entry, definition }, { plan })).toEqual([]);
    });

    it('is a complete template: sections, required fields, a header and footer of its own', () => {
      const definition = templateDefinitionSchema.parse(entry.definition);
      const fields = definition.fields.map((f) => fieldSchema.parse(f));
      expect(fields.length).toBeGreaterThanOrEqual(8);
      expect(fields.some((f) => f.required)).toBe(true);
      expect(fields.some((f) => f.type === 'prefilledText')).toBe(true);
      expect(definition.header.items.some((i) => i.type === 'prefilledText')).toBe(true);
      expect(definition.footer.items.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(20);
      if (entry.type === 'workflow') expect(definition.workflow?.columns.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('uses logic and formulas where they are natural: most templates show or hide fields, many compute', () => {
    const definitions = catalogue.map((e) => templateDefinitionSchema.parse(e.definition));
    const withLogic = definitions.filter((d) => d.logic.length > 0).length;
    const withFormulas = definitions.filter((d) =>
      d.fields.some(
        (f) => f.type === 'formula' || (('columns' in f && f.columns.some((c) => c.cellType === 'formula')) as boolean),
      ),
    ).length;
    expect(withLogic).toBeGreaterThanOrEqual(Math.ceil(catalogue.length * 0.6));
    expect(withFormulas).toBeGreaterThanOrEqual(8);
  });
});
