import { defaultFooter, defaultHeader } from '@formwork/shared/fields/header-footer';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { describe, expect, it } from 'vitest';
import { emptyDefinition } from './new-field.ts';

describe('a new template in the editor', () => {
  it('starts with the default PDF header and footer the server gives a template created without one', () => {
    const fresh = emptyDefinition('timeline');
    expect(fresh.header).toEqual(defaultHeader());
    expect(fresh.footer).toEqual(defaultFooter());
    expect(fresh.header.items.map((i) => i.type)).toEqual(['logo', 'workspaceProjectTeam', 'templateId']);
    expect(fresh.footer.items.map((i) => i.type)).toEqual(['pdfCreationDateTime', 'pdfPageNumber']);
    const serverDefault = templateDefinitionSchema.parse({ fields: [] });
    expect(fresh.header).toEqual(serverDefault.header);
    expect(fresh.footer).toEqual(serverDefault.footer);
  });

  it("follows the workspace's PDF file name settings, as the server's default does (issue 23.1)", () => {
    expect(emptyDefinition('timeline').pdfFilename.useWorkspaceSettings).toBe(true);
    expect(templateDefinitionSchema.parse({ fields: [] }).pdfFilename.useWorkspaceSettings).toBe(true);
  });
});
