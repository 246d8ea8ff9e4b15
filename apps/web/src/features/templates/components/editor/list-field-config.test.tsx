import type { Field } from '@formwork/shared/fields/field';
import { fieldSchema } from '@formwork/shared/fields/field';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { FieldConfig } from './field-config.tsx';

// Issue 18.5: the template editor's list field picks a list its template's folder may read, and a
// list-property field one property of that list. A team template asks its team (a team controller
// cannot open the List Library), not the company.

const companyId = 'c0000000-0000-4000-8000-000000000000';
const teamId = 'd0000000-0000-4000-8000-000000000000';
const plantId = '11111111-1111-4111-8111-111111111111';
const idProp = '22222222-2222-4222-8222-222222222222';

vi.mock('../../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string) => {
    if (path === `/api/teams/${teamId}/template-lists`)
      return {
        lists: [
          {
            id: plantId,
            name: 'Plant',
            origin: 'library',
            properties: [{ id: idProp, name: 'Plant ID', type: 'text', sortValue: 0 }],
          },
        ],
      };
    throw new Error(`unexpected ${path}`);
  }),
}));

let fields: Field[] = [];
function Harness({ selected, listId = null }: { selected: string; listId?: string | null }) {
  const [all, setAll] = useState<Field[]>(() => [
    fieldSchema.parse({ id: 'plant', type: 'list', label: 'Plant', listId }),
    fieldSchema.parse({ id: 'pid', type: 'listProperty', label: 'Plant ID' }),
    fieldSchema.parse({
      id: 'hire',
      type: 'defaultTable',
      label: 'Hire',
      columns: [{ id: 'what', heading: 'Plant', width: 'M', cellType: 'text' }],
    }),
  ]);
  fields = all;
  return (
    <FieldConfig
      folder={{ kind: 'team', folderId: teamId, companyId }}
      field={all.find((f) => f.id === selected) as Field}
      fields={all}
      workflowColumns={null}
      onChange={(next) => setAll((prev) => prev.map((f) => (f.id === next.id ? next : f)))}
    />
  );
}

describe('list fields in the template editor', () => {
  it("a team template's list field picks one of the lists its team may read (asked of the team)", {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness selected="plant" />);
    const picker = screen.getByLabelText('List', { selector: 'input' });
    expect(picker).toBeEnabled();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Plant', hidden: true }));
    expect(fields[0]).toMatchObject({ listId: plantId });
  });

  it("a list-property field picks its list field, then a property of that field's list", {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness selected="pid" listId={plantId} />);
    expect(screen.getByLabelText('Property', { selector: 'input' })).toBeDisabled();
    await user.click(screen.getByLabelText('List field', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plant', hidden: true }));
    await waitFor(() => expect(screen.getByLabelText('Property', { selector: 'input' })).toBeEnabled());
    await user.click(screen.getByLabelText('Property', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plant ID', hidden: true }));
    expect(fields[1]).toMatchObject({ sourceFieldId: 'plant', property: idProp });
  });

  it("a table's list column picks one of the lists its folder may read; another cell type names none", {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness selected="hire" />);
    expect(screen.queryByLabelText('List of column 1', { selector: 'input' })).toBeNull();
    await user.click(screen.getByLabelText('Cell type of column 1', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'List', hidden: true }));
    await user.click(screen.getByLabelText('List of column 1', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plant', hidden: true }));
    expect(fields[2]).toMatchObject({ columns: [{ id: 'what', cellType: 'list', listId: plantId }] });
    await user.click(screen.getByLabelText('Cell type of column 1', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Text', hidden: true }));
    expect((fields[2] as { columns: object[] }).columns[0]).not.toHaveProperty('listId');
  });
});
