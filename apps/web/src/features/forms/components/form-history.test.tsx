import { formHistorySchema, formVersionSchema } from '@formwork/shared/schemas/forms';
import { type TemplateDefinitionInput, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { type FormFieldEnv, FormFieldEnvProvider, previewEnv } from '../../../components/form-fields/field-context.tsx';
import { FormHistory } from './form-history.tsx';

// Mantine's autosize textarea listens for font loading, which jsdom lacks; images come from object URLs.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
URL.createObjectURL = () => 'blob:photo';
URL.revokeObjectURL = () => {};

const teamId = '11111111-1111-4111-8111-111111111111';
const formId = '22222222-2222-4222-8222-222222222222';
const tara = '33333333-3333-4333-8333-333333333333';
const me = '44444444-4444-4444-8444-444444444444';
const related = '55555555-5555-4555-8555-555555555555';
const photo = '66666666-6666-4666-8666-666666666666';
const signature = '77777777-7777-4777-8777-777777777777';
// No longer offered in the team: the version API still names her.
const gina = '88888888-8888-4888-8888-888888888888';

const definition = templateDefinitionSchema.parse({
  fields: [
    { id: 'date', type: 'date', label: 'Date' },
    {
      id: 'weather',
      type: 'dropdown',
      label: 'Weather',
      options: [
        { id: 'sunny', label: 'Sunny' },
        { id: 'rain', label: 'Rain' },
      ],
    },
    { id: 'safe', type: 'yesNoNa', label: 'Area safe?', withText: true },
    { id: 'supervisor', type: 'singlePerson', label: 'Site supervisor' },
    { id: 'workers', type: 'number', label: 'Workers' },
    { id: 'hours', type: 'number', label: 'Hours' },
    { id: 'total', type: 'formula', label: 'Worker hours', expression: '{workers} * {hours}' },
    {
      id: 'crew',
      type: 'defaultTable',
      label: 'Workforce',
      columns: [{ id: 'trade', heading: 'Trade', width: 'M', cellType: 'text' }],
    },
    { id: 'link', type: 'relationship', label: 'Related permit', relatedTemplateId: related },
    { id: 'photos', type: 'photos', label: 'Progress photos', size: 'S' },
    { id: 'actions', type: 'actions', label: 'Corrective actions' },
    { id: 'sign', type: 'signature', label: 'Supervisor signature' },
  ],
} satisfies TemplateDefinitionInput);

const v1 = {
  date: '2025-05-01',
  weather: 'sunny',
  safe: { answer: 'yes' },
  supervisor: tara,
  workers: 4,
  hours: 8,
  total: 32,
  crew: { rows: [{ id: 'r1', cells: { trade: 'Concreters' } }] },
  link: [related],
};
const v2 = {
  ...v1,
  weather: 'rain',
  supervisor: gina,
  hours: 6,
  total: 24,
  photos: [{ fileId: photo, caption: 'Level 3 slab pour' }],
  sign: { fileId: signature, signerName: 'Tara Controller', signedAt: '2025-05-01T05:00:00Z' },
};
const summaries = [
  {
    version: 2,
    change: 'saved',
    state: 'active',
    workflowColumn: null,
    savedBy: tara,
    savedAt: '2025-05-01T05:00:00Z',
  },
  {
    version: 1,
    change: 'created',
    state: 'active',
    workflowColumn: null,
    savedBy: me,
    savedAt: '2025-05-01T01:00:00Z',
  },
];

const requested: string[] = [];
vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string) => {
    requested.push(path);
    if (path.endsWith('/versions')) {
      return fakeReply(formHistorySchema, { versions: summaries, timeZone: 'Australia/Sydney' });
    }
    const version = Number(path.split('/').pop());
    return fakeReply(formVersionSchema, {
      ...summaries.find((s) => s.version === version),
      values: version === 2 ? v2 : v1,
      people: version === 2 ? { [gina]: 'Gina Gone', [tara]: 'Tara Controller' } : { [tara]: 'Tara Controller' },
      formTitles: { [related]: 'Hot Work Permit (No. 12)' },
      timeZone: 'Australia/Sydney',
    });
  }),
}));

const env: FormFieldEnv = {
  ...previewEnv,
  blocked: false,
  teamId,
  loadFile: async () => new Blob(['jpeg'], { type: 'image/jpeg' }),
  fileUrl: (fileId) => `/files/${fileId}`,
  people: [
    { userId: tara, name: 'Tara Controller' },
    { userId: me, name: 'Tom Member' },
  ],
  useRelatedForms: () => ({ options: [{ formId: related, title: 'Hot Work Permit 12' }], loading: false }),
};

const field = (id: string) => document.querySelector(`[data-field-id="${id}"]`) as HTMLElement;
const input = (id: string) => field(id).querySelector('input');

describe('form history', () => {
  it('opens a version as the form looked then, read-only, with the answers changed since the one before marked', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <FormFieldEnvProvider value={env}>
        <FormHistory opened onClose={() => {}} teamId={teamId} formId={formId} definition={definition} meId={me} />
      </FormFieldEnvProvider>,
    );

    // The list: newest first, who saved each by name.
    const second = await screen.findByRole('button', { name: /Version 2/ });
    expect(second).toHaveTextContent('Saved');
    expect(second).toHaveTextContent('Tara Controller');
    expect(screen.getByRole('button', { name: /Version 1/ })).toHaveTextContent('You');

    await user.click(second);
    const view = await screen.findByText(/6 answers changed since version 1/);
    expect(view).toHaveTextContent(
      'Weather, Site supervisor, Hours, Worker hours, Progress photos, Supervisor signature',
    );
    // Each change as the register, exports and PDF write it: people by name, never an id.
    const line = (id: string) => document.querySelector(`[data-change="${id}"]`)?.textContent;
    expect(line('weather')).toBe('Weather: Sunny → Rain');
    expect(line('supervisor')).toBe('Site supervisor: Tara Controller → Gina Gone');
    expect(line('hours')).toBe('Hours: 8 → 6');
    expect(line('photos')).toBe('Progress photos: (no answer) → 1 photo');
    expect(line('sign')).toBe('Supervisor signature: (no answer) → Signed Tara Controller May 1, 2025, 5:00 AM UTC');
    // The saved-at time in the workspace's zone, in the one date format.
    expect(document.body).toHaveTextContent('May 1, 2025, 3:00 PM GMT+10');

    // Each field by its type: choices as labels, Yes/No/NA as words, people and related forms by name.
    expect(input('date')).toHaveValue('2025-05-01');
    expect(input('weather')).toHaveValue('Rain');
    expect(within(field('safe')).getByRole('checkbox', { name: 'Yes' })).toBeChecked();
    expect(input('supervisor')).toHaveValue('Gina Gone');
    expect(within(field('total')).getByText('24')).toBeInTheDocument();
    expect(within(field('crew')).getByRole('table')).toBeInTheDocument();
    expect(within(field('crew')).getByDisplayValue('Concreters')).toBeInTheDocument();
    expect(field('link')).toHaveTextContent('Hot Work Permit 12');
    expect(field('safe').querySelector('input:not([type="checkbox"])')).toBeNull(); // no empty comment box
    expect(await within(field('photos')).findByRole('img', { name: 'Level 3 slab pour' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    expect(within(field('photos')).getByText('Level 3 slab pour')).toBeInTheDocument();
    expect(field('sign')).toHaveTextContent('Tara Controller');
    // Read-only: nothing to add or remove, no actions (they are not kept in versions).
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(field('actions')).toBeNull();

    const changed = [...document.querySelectorAll('[data-changed] [data-field-id]')].map((e) =>
      e.getAttribute('data-field-id'),
    );
    expect(changed).toEqual(['weather', 'supervisor', 'hours', 'total', 'photos', 'sign']);

    // The version before: the first, nothing marked.
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('The first version of the form.')).toBeInTheDocument();
    expect(input('weather')).toHaveValue('Sunny');
    expect(document.querySelector('[data-changed]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'All versions' }));
    expect(await screen.findByRole('button', { name: /Version 2/ })).toBeInTheDocument();
    // Versions never change: each was asked for once.
    expect(requested.filter((p) => p.endsWith('/versions/2'))).toHaveLength(1);
  });
});
