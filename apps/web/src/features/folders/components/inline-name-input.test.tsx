import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { InlineNameInput } from './inline-name-input.tsx';

const rule = 'Name should have one or more alphanumeric characters.';

async function setup(props: { initialValue?: string; loading?: boolean } = {}) {
  const onSubmit = vi.fn(async (_name: string) => {});
  const onCancel = vi.fn();
  await renderWithProviders(
    <InlineNameInput
      label="Folder name"
      loading={props.loading ?? false}
      initialValue={props.initialValue}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Folder name' });
  return { input, onSubmit, onCancel, user: userEvent.setup() };
}

/** Clicking outside, once the input has settled (a closing menu's focus move is ignored). */
function clickOutside(input: HTMLElement) {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
  fireEvent.blur(input);
}

describe('inline folder name input (spec 4.2, 5.4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('submits the trimmed name on Enter', async () => {
    const { input, onSubmit, user } = await setup();
    await user.type(input, '  Bridge deck {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Bridge deck');
  });

  it('says the real limit for a name that is too long, not the alphanumeric rule', async () => {
    const { input, onSubmit } = await setup();
    fireEvent.change(input, { target: { value: 'A'.repeat(120) } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Name should be 100 characters or fewer.')).toBeInTheDocument();
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cancels on Escape', async () => {
    const { input, onSubmit, onCancel, user } = await setup();
    await user.type(input, 'Bridge{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clicking outside submits when not empty', async () => {
    const first = await setup();
    await first.user.type(first.input, 'Deck');
    clickOutside(first.input);
    expect(first.onSubmit).toHaveBeenCalledWith('Deck');
  });

  it('clicking outside an empty input cancels', async () => {
    const { input, onSubmit, onCancel, user } = await setup();
    await user.type(input, '   ');
    clickOutside(input);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the alphanumeric rule, and a second failed submit resets the input', async () => {
    const { input, onSubmit, user } = await setup({ initialValue: 'Deck' });
    await user.clear(input);
    await user.type(input, '!!!{Enter}');
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('!!!');
    await user.type(input, '{Enter}');
    expect(input).toHaveValue('Deck');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('renaming to the same name does nothing', async () => {
    const { input, onSubmit, onCancel, user } = await setup({ initialValue: 'Deck' });
    await user.type(input, '  {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('ignores submits while loading', async () => {
    const { input, onSubmit, user } = await setup({ loading: true });
    await user.type(input, 'Deck{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
