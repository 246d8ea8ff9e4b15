import { tablePasteMessage } from '@formwork/shared/templates/table-paste';
import { type TemplateDefinitionInput, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { FormRenderer } from '../form-renderer/form-renderer.tsx';
import { type FormFieldEnv, FormFieldEnvProvider, previewEnv } from './field-context.tsx';
import { type FormFill, initialValues, useFormFill } from './form-fill.ts';

// Mantine's autosize textarea listens for font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

// jsdom has no canvas: a drawing context that draws nothing, and a PNG of a few bytes.
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return new Proxy({}, { get: (_target, key) => (key === 'canvas' ? this : () => undefined), set: () => true });
} as unknown as HTMLCanvasElement['getContext'];
HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
  callback(new Blob(['png'], { type: 'image/png' }));
};

const env: FormFieldEnv = {
  ...previewEnv,
  blocked: false,
  upload: vi.fn(async () => ({ fileId: '11111111-1111-4111-8111-111111111111', url: '/f' })),
  people: [{ userId: '22222222-2222-4222-8222-222222222222', name: 'Tom Member' }],
  signerName: 'Tom Member',
};

let latest: FormFill | null = null;
function Harness({ definition }: { definition: TemplateDefinitionInput }) {
  const [parsed] = useState(() => templateDefinitionSchema.parse(definition));
  const fill = useFormFill(parsed, initialValues(parsed), true);
  latest = fill;
  return (
    <FormFieldEnvProvider value={env}>
      <FormRenderer definition={parsed} mode="fill" fill={fill} />
      <button type="button" onClick={fill.attempt}>
        attempt
      </button>
    </FormFieldEnvProvider>
  );
}

const field = (id: string) => document.querySelector(`[data-field-id="${id}"]`) as HTMLElement;

describe('form fields', () => {
  it('renders an input for every kind of field and shows field-level errors live', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        definition={{
          fields: [
            { id: 'name', type: 'singleLineText', label: 'Name', required: true },
            { id: 'notes', type: 'multiLineText', label: 'Notes' },
            { id: 'count', type: 'number', label: 'Count', max: 10 },
            { id: 'day', type: 'date', label: 'Day' },
            { id: 'when', type: 'dateTime', label: 'When' },
            { id: 'span', type: 'dateRange', label: 'Span' },
            { id: 'ok', type: 'yesNoNa', label: 'Safe?', withText: true },
            {
              id: 'pick',
              type: 'dropdown',
              label: 'Pick',
              options: [
                { id: 'a', label: 'Alpha' },
                { id: 'b', label: 'Beta' },
              ],
            },
            {
              id: 'many',
              type: 'multipleChoice',
              label: 'Many',
              allowMultiple: true,
              options: [{ id: 'x', label: 'Ex' }],
            },
            { id: 'who', type: 'singlePerson', label: 'Who' },
            { id: 'where', type: 'location', label: 'Where' },
            { id: 'sig', type: 'signature', label: 'Signature' },
            { id: 'typed', type: 'manualSignature', label: 'Typed' },
            { id: 'pics', type: 'photos', label: 'Pictures', size: 'XL' },
            { id: 'sketch', type: 'sketch', label: 'Sketch' },
            { id: 'info', type: 'prefilledText', label: 'Info', text: 'Read me' },
            { id: 'code', type: 'templateId', label: 'Code' },
          ],
        }}
      />,
    );
    expect(screen.getByLabelText(/^Name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('When')).toHaveAttribute('type', 'datetime-local');
    expect(within(field('span')).getByLabelText('From')).toBeInTheDocument();
    expect(within(field('ok')).getByText('NA')).toBeInTheDocument();
    expect(within(field('many')).getByLabelText('Ex')).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toBeInTheDocument();
    expect(within(field('sig')).getByRole('button', { name: 'Sign' })).toBeInTheDocument();
    expect(within(field('typed')).getByLabelText('Type your full name')).toHaveValue('Tom Member');
    expect(within(field('pics')).getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(field('pics')).toContainElement(document.querySelector('[data-photo-size="XL"]') as HTMLElement);
    expect(within(field('sketch')).getByRole('button', { name: 'Add sketch' })).toBeInTheDocument();
    expect(screen.getByText('Read me')).toBeInTheDocument();

    // An invalid number says so as soon as it is typed; required errors wait for a save attempt.
    await user.type(screen.getByLabelText('Count'), '12');
    expect(within(field('count')).getByRole('alert')).toHaveTextContent('Enter 10 or less');
    expect(within(field('name')).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'attempt' }));
    expect(within(field('name')).getByRole('alert')).toHaveTextContent('This field is required');
    await user.type(screen.getByLabelText(/^Name/), 'Slab');
    expect(within(field('name')).queryByRole('alert')).toBeNull();

    // A range must not end before it starts.
    fireEvent.change(within(field('span')).getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(within(field('span')).getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(within(field('span')).getByRole('alert')).toHaveTextContent('The end must not be before the start');

    // Yes/No/NA keeps the answer and the comment together.
    await user.click(within(field('ok')).getByText('NA'));
    await user.type(within(field('ok')).getByRole('textbox'), 'Closed off');
    expect(latest?.values.ok).toEqual({ answer: 'na', text: 'Closed off' });

    // A typed signature is drawn to a PNG and uploaded as a signature.
    await user.click(within(field('typed')).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(env.upload).toHaveBeenCalledWith('signature', expect.any(Blob)));
    await waitFor(() => expect(latest?.values.typed).toMatchObject({ signerName: 'Tom Member' }));
  });

  it('keeps the decimals typed in a number field; more than its precision shows the rule, never rounds', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        definition={{
          fields: [
            { id: 'temperature', type: 'number', label: 'Temperature', unit: '°C' },
            { id: 'hours', type: 'number', label: 'Hours lost', decimals: 1 },
          ],
        }}
      />,
    );
    await user.type(screen.getByLabelText(/^Temperature/), '21.5');
    await user.type(screen.getByLabelText(/^Hours lost/), '9.25');
    await user.tab();
    expect(screen.getByLabelText(/^Temperature/)).toHaveValue('21.5');
    expect(screen.getByLabelText(/^Hours lost/)).toHaveValue('9.25');
    await waitFor(() => expect(latest?.values).toMatchObject({ temperature: 21.5, hours: 9.25 }));
    expect(field('hours')).toHaveTextContent('Enter a number with at most 1 decimal place');
    expect(field('temperature')).not.toHaveTextContent('Enter');
    await user.clear(screen.getByLabelText(/^Hours lost/));
    await user.type(screen.getByLabelText(/^Hours lost/), '9.2');
    await waitFor(() => expect(field('hours')).not.toHaveTextContent('decimal place'));
    expect(latest?.validation.values).toMatchObject({ temperature: 21.5, hours: 9.2 });
  });

  it('keeps the formula live as its inputs change', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        definition={{
          fields: [
            { id: 'qty', type: 'number', label: 'Quantity' },
            { id: 'rate', type: 'number', label: 'Rate', decimals: 2 },
            { id: 'total', type: 'formula', label: 'Total', expression: '{qty}*{rate}', decimals: 2 },
            { id: 'bad', type: 'formula', label: 'Broken', expression: '{qty}/0' },
          ],
        }}
      />,
    );
    const total = () => document.querySelector('[data-formula-value="total"]');
    // Empty inputs count as nothing (0), as in a spreadsheet.
    expect(total()).toHaveTextContent('0');
    await user.type(screen.getByLabelText('Quantity'), '4');
    await user.type(screen.getByLabelText('Rate'), '2.5');
    expect(total()).toHaveTextContent('10');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    expect(total()).toHaveTextContent('7.5');
    expect(within(field('bad')).getByRole('alert')).toHaveTextContent('Formula error. Please check all formulas');
  });

  it('shows and hides fields by logic', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        definition={{
          fields: [
            { id: 'injury', type: 'yesNo', label: 'Injured?' },
            { id: 'details', type: 'multiLineText', label: 'Details', required: true },
          ],
          logic: [
            {
              id: 'l1',
              triggerFieldId: 'injury',
              conditions: [{ operator: 'equals', value: 'yes' }],
              fieldIds: ['details'],
            },
          ],
        }}
      />,
    );
    expect(screen.queryByLabelText(/^Details/)).toBeNull();
    await user.click(within(field('injury')).getByText('Yes'));
    expect(screen.getByLabelText(/^Details/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'attempt' }));
    expect(within(field('details')).getByRole('alert')).toHaveTextContent('This field is required');
    await user.click(within(field('injury')).getByText('No'));
    expect(screen.queryByLabelText(/^Details/)).toBeNull();
    // Hidden fields are neither required nor kept.
    expect(latest?.validation.errors).toEqual([]);
  });

  it('pastes spreadsheet text into a table, adding rows, and refuses more than 10 columns or 50 rows', async () => {
    await renderWithProviders(
      <Harness
        definition={{
          fields: [
            {
              id: 'crew',
              type: 'defaultTable',
              label: 'Crew',
              columns: [
                { id: 'trade', heading: 'Trade', width: 'M', cellType: 'text' },
                { id: 'workers', heading: 'Workers', width: 'S', cellType: 'number' },
                { id: 'hours', heading: 'Hours', width: 'S', cellType: 'number' },
                { id: 'total', heading: 'Total', width: 'S', cellType: 'formula', expression: '{workers}*{hours}' },
              ],
            },
          ],
        }}
      />,
    );
    const firstCell = screen.getByLabelText('Trade 1');
    const paste = (text: string) =>
      act(() => {
        fireEvent.paste(firstCell, { clipboardData: { getData: () => text } });
      });
    paste('Formwork\t4\t8\nSteel\t2\t6\nConcrete\t3\t5\n');
    expect(screen.getByLabelText('Trade 3')).toHaveValue('Concrete');
    expect(screen.getByLabelText('Workers 2')).toHaveValue('2');
    const totals = [...document.querySelectorAll('[data-formula-cell]')].map((c) => c.textContent);
    expect(totals).toEqual(['32', '12', '15']);

    paste(Array.from({ length: 2 }, () => Array.from({ length: 11 }, () => 'x').join('\t')).join('\n'));
    expect(within(field('crew')).getByRole('alert')).toHaveTextContent(tablePasteMessage);
    paste(Array.from({ length: 51 }, (_, i) => `row ${i}`).join('\n'));
    expect(within(field('crew')).getByRole('alert')).toHaveTextContent(tablePasteMessage);
    expect(screen.queryByLabelText('Trade 4')).toBeNull();

    // 10 columns by 50 rows is allowed.
    paste(Array.from({ length: 50 }, (_, i) => `T${i}\t1\t2`).join('\n'));
    expect(within(field('crew')).queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Trade 50')).toHaveValue('T49');
  });
});
