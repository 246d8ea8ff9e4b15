import { templateListSchema } from '@formwork/shared/schemas/templates';
import {
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhooksSchema,
} from '@formwork/shared/schemas/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const team = '00000000-0000-4000-8000-0000000000a1';
const hookId = '00000000-0000-4000-8000-0000000000b1';
const deliveryId = '00000000-0000-4000-8000-0000000000c1';
const eventId = '00000000-0000-4000-8000-0000000000d1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const hook = {
  id: hookId,
  folderId: team,
  url: 'https://erp.example.com/formwork',
  secret: 'whsec_abc',
  events: ['form.created' as const, 'form.saved' as const],
  folderIds: [],
  templateIds: [],
  state: 'active' as const,
  disabledReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

const delivery = {
  id: deliveryId,
  eventId,
  eventType: 'form.saved',
  state: 'failed' as const,
  attempts: 12,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-24T11:00:00.000Z',
  statusCode: 503,
  durationMs: 87,
  responseExcerpt: 'Service Unavailable',
  error: 'The receiver answered 503',
  createdAt: '2026-11-24T10:00:00.000Z',
};

let requests: { url: string; method: string; body: unknown }[];
let createReply: () => Response;
beforeEach(() => {
  requests = [];
  createReply = () => json(fakeReply(webhookSchema, hook), 201);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && url.endsWith('/webhooks')) return createReply();
    if (method === 'POST' && url.endsWith('/redeliver'))
      return json(fakeReply(webhookDeliverySchema, { ...delivery, id: hookId, state: 'pending', attempts: 0 }), 202);
    if (url.endsWith('/deliveries')) return json(fakeReply(webhookDeliveriesSchema, { deliveries: [delivery] }));
    if (url.includes('/templates?state=active'))
      return json(
        fakeReply(templateListSchema, {
          folder: { folderId: team, kind: 'team' },
          state: 'active',
          tabs: [],
          templates: [],
        }),
      );
    if (url.endsWith('/webhooks')) return json(fakeReply(webhooksSchema, { webhooks: [hook] }));
    return json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

function Section() {
  const [log, setLog] = useState<string | null>(null);
  return <WebhooksSection folderId={team} kind="team" folders={[]} logHookId={log} onOpenLog={setLog} />;
}

async function renderSection() {
  await renderWithProviders(
    <MemoryRouter>
      <Section />
    </MemoryRouter>,
  );
}

describe('WebhooksSection', () => {
  it("lists the folder's webhooks with their events and state", async () => {
    await renderSection();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = within(table).getByText('https://erp.example.com/formwork').closest('tr') as HTMLElement;
    expect(within(row).getByText('Form created, Form saved')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Copy the signing secret of https://erp.example.com/formwork' }),
    ).toBeTruthy();
  });

  it("adds a webhook, checks the URL and events first and shows the server's field errors at their fields", async () => {
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    fireEvent.change(within(dialog).getByLabelText(/Receiver URL/), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByLabelText('Form created'));
    fireEvent.click(within(dialog).getByLabelText('Form saved'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Enter a URL starting with https:// or http://')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    createReply = () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'The request has invalid or incomplete data',
          status: 400,
          code: 'validationFailed',
          errors: [
            { path: 'body.url', message: 'Receivers on private, loopback or link-local addresses are not allowed' },
          ],
        }),
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      );
    fireEvent.change(within(dialog).getByLabelText(/Receiver URL/), { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(within(dialog).getByLabelText('Form moved in a workflow'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText('Receivers on private, loopback or link-local addresses are not allowed'),
    ).toBeTruthy();

    createReply = () => json(fakeReply(webhookSchema, hook), 201);
    fireEvent.change(within(dialog).getByLabelText(/Receiver URL/), { target: { value: 'https://erp.example.com/x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a webhook' })).toBeNull());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)).toEqual({
      url: `/api/folders/${team}/webhooks`,
      method: 'POST',
      body: {
        url: 'https://erp.example.com/x',
        events: ['form.moved'],
        folderIds: [],
        templateIds: [],
        enabled: true,
      },
    });
  }, 60_000);

  it('opens the delivery log with status, duration and the response, and redelivers a delivery', async () => {
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = within(log).getByText('form.saved').closest('tr') as HTMLElement;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('12 attempts')).toBeTruthy();
    expect(within(row).getByText('503')).toBeTruthy();
    expect(within(row).getByText('87 ms')).toBeTruthy();
    expect(within(row).getByText('Service Unavailable')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Redeliver form.saved' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith(`/deliveries/${deliveryId}/redeliver`))).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to webhooks' }));
    expect(await screen.findByRole('table', { name: 'Webhooks' })).toBeTruthy();
  });
});
