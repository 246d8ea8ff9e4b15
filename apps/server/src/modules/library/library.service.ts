import type {
  LibraryCatalogue,
  LibraryCopy,
  LibraryTemplate,
  LibraryTemplateSummary,
} from '@formwork/shared/schemas/library';
import type { Template } from '@formwork/shared/schemas/templates';
import { type TemplateDefinition, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { TemplateFolder } from '../templates/template-access.service.ts';
import { createTemplate } from '../templates/templates.service.ts';
import type { CatalogueEntry } from './catalogue/build.ts';
import { catalogue } from './catalogue.ts';

type Parsed = { summary: LibraryTemplateSummary; definition: TemplateDefinition };

let parsed: Map<string, Parsed> | undefined;

/** The catalogue with its definitions parsed by the template contract, once per process. */
function entries(): Map<string, Parsed> {
  parsed ??= new Map(
    catalogue.map((entry: CatalogueEntry) => {
      const definition = templateDefinitionSchema.parse(entry.definition);
      const { definition: _, ...facts } = entry;
      return [entry.libraryTemplateId, { summary: { ...facts, fieldCount: definition.fields.length }, definition }];
    }),
  );
  return parsed;
}

function entry(libraryTemplateId: string): Parsed {
  const found = entries().get(libraryTemplateId);
  if (!found) throw new AppError('notFound', { detail: 'This free template does not exist.' });
  return found;
}

/** Every free template, shelf by shelf, without definitions (the browser's cards). */
export function listCatalogue(): LibraryCatalogue {
  return { templates: [...entries().values()].map((e) => e.summary) };
}

/** One free template with its definition (the preview). */
export function getLibraryTemplate(libraryTemplateId: string): LibraryTemplate {
  const { summary, definition } = entry(libraryTemplateId);
  return { ...summary, definition };
}

/**
 * Copy a free template into the folder of the route (the Template Library or a team) as a new
 * template, version 1, with a fresh id: the same create (checks, tabs, created event, one
 * transaction) as a template typed in the editor. Copying twice makes two templates; the second
 * takes the next free Template ID.
 */
export function copyLibraryTemplate(
  db: AppDb,
  access: AccessContext,
  target: TemplateFolder,
  libraryTemplateId: string,
  body: LibraryCopy,
): Promise<Template> {
  const { summary, definition } = entry(libraryTemplateId);
  return createTemplate(
    db,
    access,
    target,
    {
      name: summary.name,
      templateCode: summary.templateCode,
      formName: summary.formName,
      type: summary.type,
      definition: structuredClone(definition),
      tabIds: body.tabIds,
    },
    { libraryTemplateId },
  );
}
