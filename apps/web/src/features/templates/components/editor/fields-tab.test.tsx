import { fieldSchema, fieldTypeLabels, fieldTypes } from '@formwork/shared/fields/field';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { emptyDefinition, newField } from '../../model/new-field.ts';
import { FieldsTab } from './fields-tab.tsx';

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
  }
});

let latest: TemplateDefinition = emptyDefinition('timeline');

function Harness({ initial = emptyDefinition('timeline') }: { initial?: TemplateDefinition }) {
  const [definition, setDefinition] = useState(initial);
  const [selected, setSelected] = useState<string | null>(null);
  latest = definition;
  return (
    <FieldsTab
      folder={{
        kind: 'company',
        folderId: 'c0000000-0000-4000-8000-000000000000',
        companyId: 'c0000000-0000-4000-8000-000000000000',
      }}
      definition={definition}
      selectedId={selected}
      onSelect={setSelected}
      onChange={setDefinition}
      fieldIssues={new Map()}
      logicIssues={() => []}
    />
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Fields' })).queryAllByRole('listitem');

describe('field palette and options', () => {
  it('every field type starts valid for the schema', () => {
    for (const type of fieldTypes) expect(fieldSchema.safeParse(newField(type)).success, type).toBe(true);
  });

  it('adds every field type from the palette, after the selected field, in order', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness />);
    for (const type of fieldTypes) {
      await user.click(screen.getByRole('button', { name: `Add ${fieldTypeLabels[type]}` }));
    }
    expect(latest.fields.map((f) => f.type)).toEqual(fieldTypes);
    expect(cards()).toHaveLength(fieldTypes.length);
    // The template is valid except what the rules require of a whole template (a page break is fine mid-way).
    const issues = validateTemplate(
      { name: 'x', templateCode: 'x', formName: 'x', type: 'timeline', definition: latest },
      { plan: 'premium' },
    );
    expect(issues).toEqual([]);
  }, 60_000);

  it('reorders with the move buttons and removes fields', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        initial={{
          ...emptyDefinition('timeline'),
          fields: [newField('yesNo', 'Safe?'), newField('pageBreak'), newField('number', 'Count')],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Move Count up' }));
    expect(latest.fields.map((f) => f.label)).toEqual(['Safe?', 'Count', 'Page Break']);
    expect(screen.getByRole('button', { name: 'Move Safe? up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Page Break' }));
    expect(latest.fields.map((f) => f.label)).toEqual(['Safe?', 'Count']);
  });

  it('configures options, choices and table columns; XS width only for Formula, Number, Prefilled Text and Text', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add Dropdown' }));
    const name = screen.getByRole('textbox', { name: 'Field name' });
    await user.clear(name);
    await user.type(name, 'Weather');
    await user.click(screen.getByRole('switch', { name: 'Required' }));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    expect(latest.fields[0]).toMatchObject({ type: 'dropdown', label: 'Weather', required: true });
    expect(latest.fields[0]?.type === 'dropdown' && latest.fields[0].options).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Add Default Table' }));
    const widths = screen.getByRole('radiogroup', { name: 'Width of column 1' });
    await user.click(within(widths).getByRole('radio', { name: 'XL' }));
    const table = () => latest.fields[1] as Extract<TemplateDefinition['fields'][number], { type: 'defaultTable' }>;
    expect(table().columns[0]?.width).toBe('XL');
    await user.click(within(widths).getByRole('radio', { name: 'XS' }));
    expect(table().columns[0]).toMatchObject({ width: 'XS', cellType: 'text' });
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    expect(table().columns).toHaveLength(2);
  });

  it('adds a logic block that shows fields when a Yes/No answer is Yes', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        initial={{
          ...emptyDefinition('timeline'),
          fields: [newField('yesNo', 'Injured?'), newField('multiLineText', 'Details')],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add logic' }));
    expect(latest.logic[0]).toMatchObject({ effect: 'show', conditions: [{ operator: 'equals', value: 'yes' }] });
  });
});
