import type { FieldInput } from '@formwork/shared/fields/field';
import type { HeaderFooter } from '@formwork/shared/fields/header-footer';
import type { LibraryCategory } from '@formwork/shared/schemas/library';
import type { TemplateDefinitionInput, TemplateType } from '@formwork/shared/templates/template-definition';

/**
 * One template of the free library, as the product stores it (issue 22.2). Its definition is
 * parsed by the shared template contract and must pass validateTemplate on every plan
 * (catalogue.test.ts), so a copy saves as any template would.
 */
export type CatalogueEntry = {
  libraryTemplateId: string;
  category: LibraryCategory;
  name: string;
  description: string;
  templateCode: string;
  formName: string;
  type: TemplateType;
  definition: TemplateDefinitionInput;
};

const key = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Choice options with ids made from their labels (logic conditions name them: `key('Yes, major')`). */
export const options = (...labels: string[]) => labels.map((label) => ({ id: key(label), label }));
export const optionId = key;

/** A section: a heading with its instructions, written on every form (read-only); its id is `section-{id}`. */
export function section(id: string, label: string, text = ''): FieldInput {
  return { id: `section-${id}`, type: 'prefilledText', label, text };
}

/** Checklist items answered Yes, No or N/A, each with a comment beside the answer. */
export function checklist(prefix: string, labels: readonly string[], required = true): FieldInput[] {
  return labels.map((label, i) => ({
    id: `${prefix}-${i + 1}`,
    type: 'yesNoNa',
    label,
    required,
    withText: true,
    textLabel: 'Comment',
  }));
}

/**
 * The PDF header of every library template: the workspace's logo, where the form was filled in
 * (workspace - project - team), a short title (at most 35 characters), the Template ID and version.
 */
export function header(title: string): HeaderFooter {
  return {
    items: [
      { id: 'logo', type: 'logo', position: 'left', image: null },
      { id: 'title', type: 'prefilledText', position: 'centre', text: title },
      { id: 'where', type: 'workspaceProjectTeam', position: 'centre' },
      { id: 'template-id', type: 'templateId', position: 'right' },
      { id: 'template-version', type: 'templateVersion', position: 'right' },
    ],
  };
}

/** The PDF footer: when the PDF was made, the form's version, a note (24 characters) and the page. */
export function footer(note = 'Uncontrolled if printed'): HeaderFooter {
  return {
    items: [
      { id: 'created', type: 'pdfCreationDateTime', position: 'left' },
      { id: 'form-version', type: 'formVersion', position: 'left' },
      { id: 'note', type: 'prefilledText', position: 'centre', text: note },
      { id: 'page', type: 'pdfPageNumber', position: 'right' },
    ],
  };
}
