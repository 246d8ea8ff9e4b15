import type { Field } from '@formwork/shared/fields/field';
import { defaultPdfFilenameSettings, type PdfFilenameSettings } from '@formwork/shared/fields/pdf-filename-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { PdfFilenameEditor } from './pdf-filename-editor.tsx';

const fields: Field[] = [
  { id: 'f-site', type: 'singleLineText', label: 'Site name', required: false },
  { id: 'f-date', type: 'date', label: 'Inspection date', required: false, defaultToToday: false },
];

let latest: PdfFilenameSettings = defaultPdfFilenameSettings;

function Harness({
  limit,
  initial = defaultPdfFilenameSettings,
  followable,
}: {
  limit: number;
  initial?: PdfFilenameSettings;
  followable?: boolean;
}) {
  const [settings, setSettings] = useState(initial);
  latest = settings;
  return (
    <PdfFilenameEditor
      followable={followable}
      settings={settings}
      fields={fields}
      limits={{ pdfFilenameCustomFields: limit }}
      example={{ templateName: 'Site Inspection Checklist', templateCode: 'SI-01', formName: 'Site Inspection' }}
      onChange={setSettings}
    />
  );
}

const example = () => screen.getByTestId('pdf-filename-example').textContent;

describe('PDF filename editor (spec 3, 9)', () => {
  it('shows a live example of the default parts: form name and form number, hyphens, lowercase', async () => {
    await renderWithProviders(<Harness limit={8} />);
    expect(example()).toBe('site-inspection-17.pdf');
  });

  it('changes separator, letter case and order, and adds static text, metadata and form fields', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness limit={8} />);
    await user.click(screen.getByRole('radio', { name: 'Underscores' }));
    await user.click(screen.getByRole('radio', { name: 'UPPERCASE' }));
    expect(example()).toBe('SITE_INSPECTION_17.pdf');
    await user.click(screen.getByRole('radio', { name: 'Title Case' }));
    await user.click(screen.getByRole('button', { name: 'Move Form number up' }));
    expect(example()).toBe('17_Site_Inspection.pdf');

    await user.click(screen.getByRole('button', { name: 'Static text' }));
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'permit');
    await user.click(screen.getByRole('button', { name: 'Form field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Site name' }));
    expect(example()).toBe('17_Site_Inspection_Permit_Site_Name.pdf');

    await user.click(screen.getByRole('radio', { name: 'Spaces' }));
    await user.click(screen.getByRole('radio', { name: 'lowercase' }));
    await user.click(screen.getByRole('button', { name: 'Remove Form name' }));
    expect(example()).toBe('17 permit site name.pdf');
    const parts = within(screen.getByRole('list', { name: 'Filename parts' })).getAllByRole('listitem');
    expect(parts.map((p) => p.getAttribute('aria-label'))).toEqual(['Form number', 'Text', 'Site name']);
  });

  it("a template that follows the workspace's settings says so; choosing its own stops following (issue 23.1)", async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness limit={8} followable initial={{ ...defaultPdfFilenameSettings, useWorkspaceSettings: true }} />,
    );
    const follow = screen.getByRole('switch', { name: /Use the workspace/ });
    expect(follow).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'UPPERCASE' }));
    expect(follow).not.toBeChecked();
    expect(latest).toMatchObject({ letterCase: 'uppercase', useWorkspaceSettings: false });
    await user.click(follow);
    expect(latest.useWorkspaceSettings).toBe(true);
  }, 30_000);

  it('shows dates local to the data entry or to the exporter', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <Harness
        limit={8}
        initial={{ ...defaultPdfFilenameSettings, parts: [{ kind: 'metadata', key: 'createdDate' }] }}
      />,
    );
    // 2026-03-14 22:30 UTC is the 15th in Sydney and the 14th in London.
    expect(example()).toBe('2026-03-15.pdf');
    await user.click(screen.getByRole('radio', { name: 'Local to exporter' }));
    expect(example()).toBe('2026-03-14.pdf');
  });

  it('may exceed the plan custom field limit, with the plan message', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness limit={1} />);
    await user.click(screen.getByRole('button', { name: 'Form field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Site name' }));
    expect(screen.queryByText('You have exceeded the custom field limit for your plan type.')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Form field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inspection date', hidden: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('You have exceeded the custom field limit for your plan type.');
  });
});
