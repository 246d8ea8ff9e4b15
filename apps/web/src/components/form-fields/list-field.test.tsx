import type { ListItemSnapshot } from '@formwork/shared/forms/field-values';
import { type TemplateDefinitionInput, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { FormRenderer } from '../form-renderer/form-renderer.tsx';
import {
  type FormFieldEnv,
  FormFieldEnvProvider,
  type ListFieldRef,
  type ListItemsResult,
  previewEnv,
} from './field-context.tsx';
import { type FormFill, initialValues, useFormFill } from './form-fill.ts';

// Issue 18.5: a list field is a typeahead over the list's items (asked of the server as typing
// pauses), picked with the keyboard, showing the picked item's properties; list-property fields
// read them.

const listId = '11111111-1111-4111-8111-111111111111';
const idProp = '22222222-2222-4222-8222-222222222222';
const item = (n: number, label: string): ListItemSnapshot => ({
  itemId: `00000000-0000-4000-8000-00000000000${n}`,
  label,
  colour: n === 2 ? '#1e88e5' : null,
  properties: [{ id: idProp, name: 'Plant ID', type: 'text', value: `P-${n}` }],
});
const list = [item(1, 'Excavator'), item(2, 'Crane 20 t'), item(3, 'Crawler crane')];

const asked: { search: string; field: ListFieldRef }[] = [];
function useListItems(field: ListFieldRef, search: string, enabled: boolean): ListItemsResult {
  if (enabled) asked.push({ search, field });
  const items = enabled ? list.filter((i) => i.label.toLowerCase().includes(search.toLowerCase())) : [];
  return {
    items,
    total: items.length,
    capped: false,
    loading: false,
    failed: false,
    hasMore: false,
    loadMore: () => {},
  };
}
const templateId = '33333333-3333-4333-8333-333333333333';
const env: FormFieldEnv = {
  ...previewEnv,
  blocked: false,
  teamId: 'team',
  useListItems,
  template: { templateId, version: 4 },
};

const definition: TemplateDefinitionInput = {
  fields: [
    { id: 'plant', type: 'list', label: 'Plant', listId },
    { id: 'plantId', type: 'listProperty', label: 'Plant ID', sourceFieldId: 'plant', property: idProp },
  ],
};

let latest: FormFill | null = null;
function Harness({ fieldEnv = env, input = definition }: { fieldEnv?: FormFieldEnv; input?: TemplateDefinitionInput }) {
  const [parsed] = useState(() => templateDefinitionSchema.parse(input));
  const fill = useFormFill(parsed, initialValues(parsed), true);
  latest = fill;
  return (
    <FormFieldEnvProvider value={fieldEnv}>
      <FormRenderer definition={parsed} mode="fill" fill={fill} />
    </FormFieldEnvProvider>
  );
}

describe('list field', () => {
  it('searches as typing pauses, picks with the keyboard, shows the properties and fills list-property fields', {
    timeout: 30_000,
  }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Plant' });
    await user.type(input, 'craw');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Crawler crane']),
    );
    // Typing was debounced: the letters typed in a burst were not each asked for.
    expect(asked.some((a) => a.search === 'c' || a.search === 'cr' || a.search === 'cra')).toBe(false);
    // The field is named by the form's template version, not by its list id.
    expect(asked.at(-1)).toEqual({
      search: 'craw',
      field: { teamId: 'team', templateId, version: 4, fieldId: 'plant' },
    });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Crawler crane')).toBeInTheDocument();
    expect(screen.getByText('Plant ID: P-3')).toBeInTheDocument();
    expect(latest?.values.plant).toEqual([list[2]]);
    await waitFor(() => expect(latest?.computed.plantId).toBe('P-3'));
    // One item: the search gives way to the picked item until it is removed.
    expect(screen.queryByRole('textbox', { name: 'Plant' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Crawler crane' }));
    expect(latest?.values.plant ?? null).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Plant' })).toBeInTheDocument();
  });

  it('offers nothing where lists cannot be read (the preview)', async () => {
    await renderWithProviders(<Harness fieldEnv={previewEnv} />);
    expect(screen.getByRole('textbox', { name: 'Plant' })).toBeDisabled();
  });
});

describe('a list column of a table', () => {
  const table: TemplateDefinitionInput = {
    fields: [
      {
        id: 'hire',
        type: 'defaultTable',
        label: 'Plant on site',
        columns: [
          { id: 'what', heading: 'Plant', width: 'M', cellType: 'list', listId },
          { id: 'hours', heading: 'Hours', width: 'S', cellType: 'number' },
        ],
      },
    ],
  };

  it("picks an item of the column's list in a cell, asked by the field and column", { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness input={table} />);
    const cell = screen.getByRole('textbox', { name: 'Plant 1' });
    await user.type(cell, 'crane 2');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Crane 20 t']),
    );
    expect(asked.at(-1)).toEqual({
      search: 'crane 2',
      field: { teamId: 'team', templateId, version: 4, fieldId: 'hire', columnId: 'what' },
    });
    await user.keyboard('{ArrowDown}{Enter}');
    const cells = () =>
      (latest?.values.hire as { rows: { cells: Record<string, unknown> }[] } | undefined)?.rows[0]?.cells;
    expect(cells()).toEqual({ what: list[1] });
    // The picked item shows by its label; clearing it empties the cell.
    expect(await screen.findByText('Crane 20 t')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Crane 20 t' }));
    expect(cells()?.what).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Plant 1' })).toBeInTheDocument();
  });

  it('offers nothing where lists cannot be read (the preview)', async () => {
    await renderWithProviders(<Harness input={table} fieldEnv={previewEnv} />);
    expect(screen.getByRole('textbox', { name: 'Plant 1' })).toBeDisabled();
  });
});
