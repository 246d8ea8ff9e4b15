import { type TemplateDefinition, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { ViewSettingsTab } from './other-tabs.tsx';

const initial = templateDefinitionSchema.parse({
  fields: [
    { id: 'plant', type: 'singleLineText', label: 'Plant ID' },
    { id: 'hours', type: 'number', label: 'Hours' },
    { id: 'photo', type: 'photos', label: 'Photo' },
  ],
});

let latest: TemplateDefinition = initial;
function Harness({ issues = [] }: { issues?: string[] }) {
  const [definition, setDefinition] = useState(initial);
  latest = definition;
  return (
    <ViewSettingsTab
      type="register"
      definition={definition}
      onChange={setDefinition}
      issues={[]}
      orderIssues={issues}
    />
  );
}

describe('View settings: register order', () => {
  it('offers the fields the register can sort by, then the direction', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('Last updated, newest first');
    expect(screen.queryByRole('radiogroup', { name: 'Sort direction' })).toBeNull();

    // The dropdown opens with a transition that jsdom never finishes: its options count as hidden.
    await user.click(select);
    expect(screen.queryByRole('option', { name: 'Photo', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Hours', hidden: true }));
    expect(latest.registerOrder).toEqual({ fieldId: 'hours', direction: 'asc' });

    await user.click(screen.getByRole('radio', { name: 'Descending' }));
    expect(latest.registerOrder).toEqual({ fieldId: 'hours', direction: 'desc' });

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Last updated, newest first', hidden: true }));
    expect(latest.registerOrder).toBeNull();
  });

  it('shows the problem with the order at the control', async () => {
    await renderWithProviders(<Harness issues={['Choose a field the register can sort by']} />);
    expect(screen.getByText('Choose a field the register can sort by')).toBeTruthy();
  });
});
