import type { Field } from '@formwork/shared/fields/field';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { emptyDefinition } from '../../model/new-field.ts';
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

const fields: Field[] = [
  { id: 'f-qty', type: 'number', label: 'Quantity', required: false, decimals: 0 },
  { id: 'f-rate', type: 'number', label: 'Rate', required: false, decimals: 2 },
  { id: 'f-site', type: 'singleLineText', label: 'Site', required: false },
  { id: 'f-total', type: 'formula', label: 'Total', required: false, expression: '', decimals: 2 },
];

let latest: TemplateDefinition = emptyDefinition('timeline');

function Harness({ initial, selectedId = 'f-total' }: { initial: Field[]; selectedId?: string }) {
  const [definition, setDefinition] = useState<TemplateDefinition>({ ...emptyDefinition('timeline'), fields: initial });
  latest = definition;
  const renameQuantity = () =>
    setDefinition((d) => ({ ...d, fields: d.fields.map((f) => (f.id === 'f-qty' ? { ...f, label: 'Count' } : f)) }));
  return (
    <>
      <button type="button" onClick={renameQuantity}>
        rename
      </button>
      <FieldsTab
        folder={{
          kind: 'company',
          folderId: 'c0000000-0000-4000-8000-000000000000',
          companyId: 'c0000000-0000-4000-8000-000000000000',
        }}
        definition={definition}
        selectedId={selectedId}
        onSelect={() => {}}
        onChange={setDefinition}
        fieldIssues={new Map()}
        logicIssues={() => []}
      />
    </>
  );
}

const preview = () => document.querySelector('[data-formula-preview]') as HTMLElement;
const formula = () => screen.getByRole('textbox', { name: 'Formula' });
const stored = () => (latest.fields.find((f) => f.id === 'f-total') as Extract<Field, { type: 'formula' }>).expression;

describe('formula editor (issue 14.3)', () => {
  it('inserts picked fields at the cursor by label, stores their ids and previews the result on samples', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={fields} />);
    // The formula itself is not offered; text fields are (the check says where a number is needed).
    expect(screen.queryByRole('button', { name: 'Insert Total' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Insert Quantity' }));
    expect(formula()).toHaveValue('{Quantity}');
    await user.type(formula(), ' * ');
    // Keyboard: Tab to the picker, Enter inserts at the cursor kept in the formula.
    screen.getByRole('button', { name: 'Insert Rate' }).focus();
    await user.keyboard('{Enter}');
    expect(formula()).toHaveValue('{Quantity} * {Rate}');
    expect(formula()).toHaveFocus();
    expect(stored()).toBe('{f-qty} * {f-rate}');

    // Insert in the middle, at the cursor.
    formula().focus();
    (formula() as HTMLTextAreaElement).setSelectionRange(0, 0);
    await user.paste('2 * ');
    expect(stored()).toBe('2 * {f-qty} * {f-rate}');

    // The preview: 1 for each number by default, then the samples typed.
    expect(preview()).toHaveTextContent('Result: 2');
    const quantity = screen.getByRole('textbox', { name: 'Sample value of Quantity' });
    await user.tripleClick(quantity);
    await user.paste('4');
    const rate = screen.getByRole('textbox', { name: 'Sample value of Rate' });
    await user.tripleClick(rate);
    await user.paste('2.5');
    expect(preview()).toHaveTextContent('Result: 20');
  }, 30_000);

  it('shows the parse error and an unknown field inline, as the save check words them', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={fields} />);
    await user.click(formula());
    await user.paste('{Quantity} *');
    expect(screen.getByText('This formula cannot be read: Expected a value')).toBeInTheDocument();
    expect(preview()).toHaveTextContent('Formula error: Expected a value');
    await user.clear(formula());
    await user.paste('{Quantityy} + {Site}');
    expect(
      screen.getByText('This formula refers to a field that does not exist: {Quantityy} does not name a field'),
    ).toBeInTheDocument();
    expect(stored()).toBe('{Quantityy} + {f-site}');
  }, 30_000);

  it('shows a stored formula by label, and follows a renamed field', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness initial={fields.map((f) => (f.id === 'f-total' ? { ...f, expression: 'ROUND({f-qty} / 3, 1)' } : f))} />,
    );
    expect(formula()).toHaveValue('ROUND({Quantity} / 3, 1)');
    expect(preview()).toHaveTextContent('Result: 0.3');
    await user.click(screen.getByRole('button', { name: 'rename' }));
    expect(formula()).toHaveValue('ROUND({Count} / 3, 1)');
    expect(stored()).toBe('ROUND({f-qty} / 3, 1)');
  }, 30_000);

  it("edits a table's formula column over its row's cells by heading", async () => {
    const user = userEvent.setup();
    const table: Field = {
      id: 'f-mat',
      type: 'defaultTable',
      label: 'Materials',
      required: false,
      orientation: 'vertical',
      columns: [
        { id: 'c-qty', heading: 'Qty', width: 'S', cellType: 'number', excludeFromClone: false },
        { id: 'c-cost', heading: 'Cost', width: 'S', cellType: 'formula', expression: '', excludeFromClone: false },
      ],
    };
    await renderWithProviders(<Harness initial={[fields[1] as Field, table]} selectedId="f-mat" />);
    await user.click(screen.getByRole('button', { name: 'Insert Qty' }));
    await user.type(screen.getByRole('textbox', { name: 'Formula of column 2' }), ' * ');
    await user.click(screen.getByRole('button', { name: 'Insert Rate' }));
    const mat = latest.fields.find((f) => f.id === 'f-mat') as Extract<Field, { type: 'defaultTable' }>;
    expect(mat.columns[1]?.expression).toBe('{c-qty} * {f-rate}');
    expect(preview()).toHaveTextContent('Result: 1');
  }, 30_000);
});
