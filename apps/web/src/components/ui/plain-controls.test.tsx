import { CloseButton, SegmentedControl, TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PlainCloseButton, PlainSegmentedControl, PlainTextInput } from './plain-controls.tsx';

// Each plain control must render what Mantine renders for the same props (so Mantine's stylesheet
// draws it the same), apart from generated ids and, for the segmented control, the floating
// indicator that Mantine measures after mounting.
function markup(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const node of copy.querySelectorAll('.mantine-SegmentedControl-indicator')) node.remove();
  for (const node of [copy, ...copy.querySelectorAll('*')]) {
    for (const attribute of ['id', 'name', 'for', 'data-initialized']) node.removeAttribute(attribute);
  }
  return copy.outerHTML;
}

const icon = <svg data-icon="search" />;
const data = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

describe('plain controls (issue 15.4)', () => {
  it('the text input, with and without its right section, is Mantine’s TextInput size xs', async () => {
    for (const value of ['', 'north']) {
      const right = value ? <CloseButton size="xs" aria-label="Clear" onClick={() => {}} /> : null;
      const plainRight = value ? <PlainCloseButton aria-label="Clear" onClick={() => {}} /> : null;
      const { container, unmount } = await renderWithProviders(
        <>
          <div data-testid="mantine">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label="Search"
              placeholder="Search"
              leftSection={icon}
              value={value}
              onChange={() => {}}
              rightSection={right}
            />
          </div>
          <div data-testid="plain">
            <PlainTextInput
              style={{ flex: 1 }}
              aria-label="Search"
              placeholder="Search"
              leftSection={icon}
              value={value}
              onChange={() => {}}
              rightSection={plainRight}
            />
          </div>
        </>,
      );
      const [mantine, plain] = ['mantine', 'plain'].map(
        (id) => container.querySelector(`[data-testid="${id}"]`)?.firstElementChild as Element,
      );
      expect(markup(plain as Element)).toBe(markup(mantine as Element));
      unmount();
    }
  });

  it('the segmented control is Mantine’s SegmentedControl size xs fullWidth, and a click chooses', async () => {
    const onChange = vi.fn();
    const { container } = await renderWithProviders(
      <>
        <div data-testid="mantine">
          <SegmentedControl size="xs" fullWidth value="active" onChange={() => {}} data={data} aria-label="Show" />
        </div>
        <div data-testid="plain">
          <PlainSegmentedControl value="active" onChange={onChange} data={data} aria-label="Show plain" />
        </div>
      </>,
    );
    const [mantine, plain] = ['mantine', 'plain'].map(
      (id) => container.querySelector(`[data-testid="${id}"]`)?.firstElementChild as Element,
    );
    expect(markup(plain as Element).replace('Show plain', 'Show')).toBe(markup(mantine as Element));

    const group = screen.getByRole('radiogroup', { name: 'Show plain' });
    await userEvent.click(within(group).getByText('Archived'));
    expect(onChange).toHaveBeenCalledWith('archived');
  });

  it('the text input reports what is typed', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<PlainTextInput aria-label="Search" value="" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'n');
    expect(onChange).toHaveBeenCalledWith('n');
  });
});
