import { linkSchema, linksSchema } from '@formwork/shared/schemas/links';
import { templateListSchema } from '@formwork/shared/schemas/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { LinksPage } from './links-page.tsx';

const team = '00000000-0000-4000-8000-0000000000a1';
const linkId = '00000000-0000-4000-8000-0000000000b1';
const templateId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const induction = {
  id: linkId,
  teamId: team,
  name: 'Visitor induction',
  kind: 'ongoing' as const,
  state: 'active' as const,
  templates: [{ id: templateId(1), name: 'Template 1' }],
  token: 'x'.repeat(43),
  expiresAt: null,
  maxSubmissions: 40,
  askSubmitterName: true,
  askSubmitterEmail: false,
  submissionCount: 3,
  createdAt: '2026-11-24T10:00:00.000Z',
};

const templates = Array.from({ length: 22 }, (_, i) => i + 1).map((i) =>
  fakeReply(templateListSchema.shape.templates.element, {
    templateId: templateId(i),
    folderId: team,
    isCompany: false,
    name: `Template ${i}`,
    templateCode: `T-${i}`,
    formName: 'Form',
    type: 'timeline',
    state: 'active',
    currentVersion: 1,
    tabIds: [],
    isDeployed: false,
    deployedTeamIds: [],
    updatedAt: '2026-11-24T10:00:00.000Z',
  }),
);

let requests: { url: string; method: string; body: unknown }[];
let createReply: () => Response;
beforeEach(() => {
  requests = [];
  createReply = () => json(fakeReply(linkSchema, { ...induction, id: templateId(99), name: 'Subbies' }), 201);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && url.endsWith('/links')) return createReply();
    if (method === 'POST' && url.endsWith('/archive'))
      return json(fakeReply(linkSchema, { ...induction, state: 'archived' }));
    if (url.includes('/templates?state=active'))
      return json(
        fakeReply(templateListSchema, {
          folder: { folderId: team, kind: 'team' },
          state: 'active',
          tabs: [],
          templates,
        }),
      );
    if (url.endsWith('/links?state=active')) return json(fakeReply(linksSchema, { links: [induction] }));
    return json({ links: [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  await renderWithProviders(
    <MemoryRouter>
      <LinksPage teamId={team} />
    </MemoryRouter>,
  );
}

describe('LinksPage', () => {
  it("lists the team's links with their type, templates and submissions", async () => {
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Submission links' });
    const row = within(table).getByText('Visitor induction').closest('tr') as HTMLElement;
    expect(within(row).getByText('Ongoing')).toBeTruthy();
    expect(within(row).getByText('Template 1')).toBeTruthy();
    expect(within(row).getByText('3 of 40')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
  });

  it('creates a link with at most 20 templates: no select-all, the 21st is disabled', async () => {
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a submission link' });
    // Nothing chosen, no name: the dialog says so without calling the server.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('Link name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one template')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(within(dialog).queryByRole('checkbox', { name: /select all/i })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/Link name/), { target: { value: 'Subbies' } });
    for (let i = 1; i <= 20; i++) fireEvent.click(within(dialog).getByLabelText(`Template ${i}`));
    expect(within(dialog).getByText('20 of at most 20 chosen')).toBeTruthy();
    expect((within(dialog).getByLabelText('Template 21') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText("Ask for the submitter's e-mail"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a submission link' })).toBeNull());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe(`/api/teams/${team}/links`);
    expect(post?.body).toEqual({
      name: 'Subbies',
      kind: 'ongoing',
      templateIds: Array.from({ length: 20 }, (_, i) => templateId(i + 1)),
      expiresAt: null,
      maxSubmissions: null,
      askSubmitterName: false,
      askSubmitterEmail: true,
    });
  }, 90_000);

  it("shows the server's field errors at their fields", async () => {
    createReply = () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'The request has invalid or incomplete data',
          status: 400,
          code: 'validationFailed',
          errors: [{ path: 'body.templateIds.0', message: "This template isn't available in this team" }],
        }),
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      );
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a submission link' });
    fireEvent.change(within(dialog).getByLabelText(/Link name/), { target: { value: 'Subbies' } });
    fireEvent.click(within(dialog).getByLabelText('Template 1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText("This template isn't available in this team")).toBeTruthy();
  }, 90_000);

  it('copies a link’s public address and shows its printable QR poster', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the address of Visitor induction' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/${'x'.repeat(43)}`));

    fireEvent.click(screen.getByRole('button', { name: 'QR poster of Visitor induction' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR poster' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code of the link Visitor induction' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(dialog).getByText(`${window.location.origin}/s/${'x'.repeat(43)}`)).toBeTruthy();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('archives a link after confirmation', async () => {
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Visitor induction' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive link' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url === `/api/teams/${team}/links/${linkId}/archive`)).toBe(
        true,
      ),
    );
  });
});
