import type { Form } from '@formwork/shared/schemas/forms';
import { formMacrosSchema, macroRunResultSchema } from '@formwork/shared/schemas/macros';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { MacroButton } from './macro-button.tsx';

const teamId = '11111111-1111-4111-8111-111111111111';
const formId = '22222222-2222-4222-8222-222222222222';
const macroId = '33333333-3333-4333-8333-333333333333';
const calls: { method: string; path: string; body?: unknown }[] = [];
let runReply: () => Promise<unknown>;

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    calls.push({ method: options.method ?? 'GET', path, body: options.body });
    if (options.method === 'POST') return runReply();
    return fakeReply(formMacrosSchema, { macros: [{ id: macroId, name: 'Check plant' }] });
  }),
}));

const form = {
  formId,
  teamId,
  version: 3,
  readOnly: false,
  access: { edit: true },
} as Form;

function renderButton(dirty = false) {
  const onWritten = vi.fn();
  const onStale = vi.fn();
  renderWithProviders(
    <MacroButton
      teamId={teamId}
      form={form}
      dirty={dirty}
      fieldLabel={(id) => (id === 'note' ? 'Note' : id)}
      onWritten={onWritten}
      onStale={onStale}
    />,
  );
  return { onWritten, onStale };
}

beforeEach(() => {
  calls.length = 0;
  runReply = async () => fakeReply(macroRunResultSchema, { writtenFieldIds: ['note'], version: 4 });
});

describe('Run macro', { timeout: 30_000 }, () => {
  it('refuses while the form has unsaved edits, with the spec message, and sends nothing', async () => {
    const user = userEvent.setup();
    renderButton(true);
    await user.click(await screen.findByRole('button', { name: 'Run macro' }));
    expect(await screen.findByText('Please save the form before running the macro.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('runs on the saved version, shows processing, then a completion popup naming the filled fields', async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => undefined;
    runReply = () => new Promise((resolve) => (finish = resolve));
    const { onWritten } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Run macro' }));
    expect(await screen.findByRole('dialog', { name: 'Running Check plant…' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/teams/${teamId}/forms/${formId}/macros/${macroId}/run`,
      body: { baseVersion: 3 },
    });
    finish(fakeReply(macroRunResultSchema, { writtenFieldIds: ['note'], version: 4 }));
    const done = await screen.findByRole('dialog', { name: 'Macro finished' });
    expect(done).toHaveTextContent('Check plant filled in 1 field: Note.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onWritten).toHaveBeenCalledOnce());
  });

  it("shows the spec's failure message when the macro fails", async () => {
    const user = userEvent.setup();
    const { HttpError } = await import('../../../lib/http.ts');
    runReply = async () => {
      throw new HttpError(502, { type: '', title: 'x', status: 502, code: 'macroFailed' } as never);
    };
    const { onWritten } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Run macro' }));
    expect(
      await screen.findByText('Something went wrong while running the macro. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Macro finished' })).not.toBeInTheDocument();
    expect(onWritten).not.toHaveBeenCalled();
  });
});
