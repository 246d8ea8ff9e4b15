import type { Tab } from '@formwork/shared/schemas/tabs';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { canDragTab, localNewTab, resolveTabEdit, type SidebarTab } from '../../model/tab-edit.ts';
import { placePickerAbove, TabNameEditor } from './tab-name-editor.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tabs: Tab[] = [
  { id: id(1), name: 'Safety', style: 'red', sortValue: 0 },
  { id: id(2), name: 'Daily', style: 'dark-blue', sortValue: 1 },
];

afterEach(() => vi.useRealTimers());

async function renderEditor(tab: SidebarTab, all: SidebarTab[] = tabs) {
  cleanup();
  const onSave = vi.fn(async () => 'saved' as const);
  const onCancel = vi.fn();
  await renderWithProviders(
    <div>
      <TabNameEditor tabs={all} tab={tab} onSave={onSave} onCancel={onCancel} />
      <button type="button">Elsewhere</button>
    </div>,
  );
  return { onSave, onCancel, input: screen.getByRole('textbox', { name: 'Tab name' }) };
}

describe('tab edit rules (spec 4.3, 5.5)', () => {
  it('adds a local new tab with an empty name, dark-blue, sortValue = count', () => {
    expect(localNewTab(tabs)).toMatchObject({ name: '', style: 'dark-blue', sortValue: 2, isNew: true });
  });

  it('trims, cancels empty or unchanged names, finds duplicates case-insensitively, allows a colour-only change', () => {
    const [safety] = tabs as [Tab];
    expect(resolveTabEdit(tabs, safety, { name: '   ', style: 'red' })).toEqual({ kind: 'cancel' });
    expect(resolveTabEdit(tabs, safety, { name: ' Safety ', style: 'red' })).toEqual({ kind: 'cancel' });
    expect(resolveTabEdit(tabs, safety, { name: 'daily', style: 'red' })).toEqual({ kind: 'duplicate' });
    expect(resolveTabEdit(tabs, safety, { name: 'Safety', style: 'green' })).toMatchObject({
      kind: 'save',
      tab: { id: safety.id, name: 'Safety', style: 'green' },
    });
    expect(resolveTabEdit(tabs, localNewTab(tabs), { name: ' Permits ', style: 'dark-blue' })).toMatchObject({
      kind: 'save',
      isNew: true,
      tab: { name: 'Permits', sortValue: 2 },
    });
  });

  it('disables dragging while editing, without rights, with one tab or fewer, for a new tab and in bulk mode', () => {
    const ok = { editing: false, canEdit: true, tabCount: 2, isNew: false, bulk: false };
    expect(canDragTab(ok)).toBe(true);
    expect(canDragTab({ ...ok, editing: true })).toBe(false);
    expect(canDragTab({ ...ok, canEdit: false })).toBe(false);
    expect(canDragTab({ ...ok, tabCount: 1 })).toBe(false);
    expect(canDragTab({ ...ok, isNew: true })).toBe(false);
    expect(canDragTab({ ...ok, bulk: true })).toBe(false);
  });
});

describe('TabNameEditor', () => {
  it('opens the colour picker upwards when it would come within 90 px of the viewport bottom', () => {
    const at = (bottom: number) => ({ getBoundingClientRect: () => ({ bottom }) }) as HTMLElement;
    expect(placePickerAbove(at(300), 800)).toBe(false);
    expect(placePickerAbove(at(620), 800)).toBe(false);
    expect(placePickerAbove(at(621), 800)).toBe(true);
  });

  it('confirms on Enter and cancels on Escape', async () => {
    const user = userEvent.setup();
    const { onSave, input } = await renderEditor(localNewTab(tabs));
    expect(input).toHaveFocus();
    await user.type(input, 'Permits{Enter}');
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'save', tab: expect.objectContaining({ name: 'Permits' }) }),
    );

    const second = await renderEditor(tabs[0] as Tab);
    await user.type(second.input, ' more{Escape}');
    expect(second.onCancel).toHaveBeenCalled();
    expect(second.onSave).not.toHaveBeenCalled();
  });

  it('saves on a click outside, and an empty name cancels silently', async () => {
    const user = userEvent.setup();
    const { onSave, input } = await renderEditor(tabs[1] as Tab);
    await user.clear(input);
    await user.type(input, 'Daily reports');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ tab: expect.objectContaining({ name: 'Daily reports' }) }),
    );

    const empty = await renderEditor(localNewTab(tabs));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(empty.onCancel).toHaveBeenCalled();
    expect(empty.onSave).not.toHaveBeenCalled();
  });

  it('changes only the colour from the 12 swatches', async () => {
    const user = userEvent.setup();
    const { onSave, input } = await renderEditor(tabs[0] as Tab);
    await user.click(screen.getByRole('button', { name: 'Tab colour' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(12);
    await user.click(screen.getByRole('radio', { name: 'Lime' }));
    expect(input).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ tab: expect.objectContaining({ name: 'Safety', style: 'lime' }) }),
    );
  });

  it('on a duplicate shows the message, refocuses, and cancels if focus has left after 100 ms', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onSave, onCancel, input } = await renderEditor(localNewTab(tabs));
    await user.type(input, 'safety{Enter}');
    expect(screen.getByText('A tab with this name already exists. Tab names must be unique')).toBeVisible();
    expect(input).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
    // Focus stays: the edit goes on.
    await act(async () => vi.advanceTimersByTime(150));
    expect(onCancel).not.toHaveBeenCalled();

    // Duplicate again, then focus leaves within 100 ms: cancelled.
    await user.keyboard('{Enter}');
    act(() => (screen.getByRole('button', { name: 'Elsewhere' }) as HTMLElement).focus());
    await act(async () => vi.advanceTimersByTime(150));
    expect(onCancel).toHaveBeenCalled();
  });
});
