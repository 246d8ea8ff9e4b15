import type { LibraryTemplate, LibraryTemplateSummary } from '@formwork/shared/schemas/library';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { LibraryPage } from './library-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const summary = (
  libraryTemplateId: string,
  category: LibraryTemplateSummary['category'],
  name: string,
  description: string,
): LibraryTemplateSummary => ({
  libraryTemplateId,
  category,
  name,
  description,
  templateCode: `${libraryTemplateId.toUpperCase()}-001`,
  formName: name,
  type: 'timeline',
  fieldCount: 12,
});

const catalogue = [
  summary('hot-work-permit', 'permits', 'Hot Work Permit', 'Welding, cutting and grinding with a fire watch.'),
  summary('toolbox-talk', 'safety', 'Toolbox Talk', 'A short safety talk before work starts.'),
  summary('concrete-pour', 'quality', 'Concrete Pour Record', 'Truck dockets, slump and volumes.'),
];

const toolboxTalk: LibraryTemplate = {
  ...(catalogue[1] as LibraryTemplateSummary),
  definition: templateDefinitionSchema.parse({
    fields: [
      { id: 'topic', type: 'singleLineText', label: 'Topic discussed', required: true },
      { id: 'section-guide', type: 'prefilledText', label: 'How to run the talk', text: 'Keep it short.' },
    ],
  }),
};

const teamId = '00000000-0000-4000-8000-0000000000aa';
let requests: { url: string; method: string }[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method });
    if (method === 'POST') {
      return json({ templateId: '00000000-0000-4000-8000-0000000000bb', name: 'Toolbox Talk', folderId: teamId }, 201);
    }
    if (url.endsWith('/api/library-templates/toolbox-talk')) return json(toolboxTalk);
    return json({ templates: catalogue });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage(canCopy = true, onCopied = vi.fn()) {
  await renderWithProviders(
    <MemoryRouter>
      <LibraryPage
        target={{ kind: 'team', folderId: teamId }}
        folderName="Civil Works"
        canCopy={canCopy}
        backPath={`/apps/teams/${teamId}/active`}
        onCopied={onCopied}
      />
    </MemoryRouter>,
  );
  await screen.findByRole('article', { name: 'Toolbox Talk' });
  return onCopied;
}

const cards = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));

describe('the free template library', () => {
  it('shows every free template, one shelf at a time, and finds them by search', async () => {
    await renderPage();
    expect(cards()).toHaveLength(3);
    fireEvent.click(screen.getByRole('radio', { name: 'Permits' }));
    expect(cards()).toEqual(['library-hot-work-permit']);
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search free templates' }), { target: { value: 'slump' } });
    expect(cards()).toEqual(['library-concrete-pour']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search free templates' }), { target: { value: 'crane' } });
    expect(screen.getByText('No free templates match your search.')).toBeInTheDocument();
  });

  it('previews a template with the form renderer', async () => {
    await renderPage();
    const card = screen.getByRole('article', { name: 'Toolbox Talk' });
    expect(within(card).getByText('Safety')).toBeInTheDocument();
    expect(within(card).getByText('12 fields')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toolbox Talk' });
    expect(await within(dialog).findByLabelText(/Topic discussed/)).toBeInTheDocument();
    expect(within(dialog).getByText('Keep it short.')).toBeInTheDocument();
    expect(within(dialog).getByText(/nothing you enter here is saved/)).toBeInTheDocument();
  });

  it('copies a template into the folder in one click and hands over the copy', async () => {
    const onCopied = await renderPage();
    const card = screen.getByRole('article', { name: 'Toolbox Talk' });
    fireEvent.click(within(card).getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledTimes(1));
    expect(onCopied.mock.calls[0]?.[0]).toMatchObject({ templateId: '00000000-0000-4000-8000-0000000000bb' });
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/teams/${teamId}/library-templates/toolbox-talk/copy`,
    ]);
    expect(await screen.findByText('Toolbox Talk was copied to Civil Works.')).toBeInTheDocument();
  });

  it('offers no copy to someone who may not create templates in the folder', async () => {
    await renderPage(false);
    expect(screen.queryByRole('button', { name: 'Use template' })).toBeNull();
    expect(screen.getByText(/ask someone who can edit its templates/)).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Toolbox Talk' })).getByRole('button', { name: 'Preview' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Toolbox Talk' });
    await within(dialog).findByLabelText(/Topic discussed/);
    expect(within(dialog).queryByRole('button', { name: 'Use template' })).toBeNull();
  });
});
