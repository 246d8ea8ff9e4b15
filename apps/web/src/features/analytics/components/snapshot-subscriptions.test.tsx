import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { SnapshotSubscriptionsButton } from './snapshot-subscriptions.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const folderId = '00000000-0000-4000-8000-000000000001';
const dashboardId = '00000000-0000-4000-8000-000000000002';
const base = `/api/folders/${folderId}/dashboards/${dashboardId}/snapshot-subscriptions`;
const link = {
  workspaceId: '00000000-0000-4000-8000-000000000003',
  subscriptionId: '00000000-0000-4000-8000-000000000004',
  token: 't'.repeat(43),
};
const linkUrl = `/api/public/snapshot-subscriptions/${link.workspaceId}/${link.subscriptionId}/${link.token}`;

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string) =>
  json({ type: 'about:blank', title: code, status, code, errors: [] }, status);

let requests: { url: string; method: string; body: unknown }[];
let subscriptions: { weekly: boolean; monthly: boolean; hour: number };
let infoReply: () => Response;
let unsubscribeReply: () => Response;
beforeEach(() => {
  requests = [];
  subscriptions = { weekly: false, monthly: false, hour: 7 };
  infoReply = () => json({ dashboardName: 'Site overview', workspaceName: 'Acme', frequency: 'weekly' });
  unsubscribeReply = () => json(null, 204);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url, method, body });
    if (url === base && method === 'PUT') subscriptions = body;
    if (url === base) return json(subscriptions);
    if (url === `${base}/send`) return json(null, 202);
    if (url === linkUrl) return infoReply();
    if (url === `${linkUrl}/unsubscribe`) return unsubscribeReply();
    return problem(404, 'notFound');
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('SnapshotSubscriptionsButton', () => {
  it('subscribes the viewer weekly, sends one now, and unsubscribes', async () => {
    await renderWithProviders(
      <SnapshotSubscriptionsButton folderId={folderId} dashboardId={dashboardId} dashboardName="Site overview" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Snapshot e-mails' }));
    const weekly = await screen.findByRole('checkbox', { name: /Weekly/ });
    expect((weekly as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Send the weekly one now' })).toBeNull();

    fireEvent.click(weekly);
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /Weekly/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ weekly: true, monthly: false, hour: 7 });

    fireEvent.click(await screen.findByRole('button', { name: 'Send the weekly one now' }));
    await waitFor(() => expect(requests.find((r) => r.url === `${base}/send`)?.body).toEqual({ frequency: 'weekly' }));
    expect(await screen.findByText('On its way to your inbox')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Weekly/ }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
        weekly: false,
        monthly: false,
        hour: 7,
      }),
    );
  });

  it('sends at the hour chosen, as the descriptions say', async () => {
    await renderWithProviders(
      <SnapshotSubscriptionsButton folderId={folderId} dashboardId={dashboardId} dashboardName="Site overview" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Snapshot e-mails' }));
    expect(await screen.findByText("Every Monday at 07:00, in the workspace's time zone")).toBeTruthy();
    await userEvent.click(screen.getAllByLabelText('Sent at')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: '18:00', hidden: true }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
        weekly: false,
        monthly: false,
        hour: 18,
      }),
    );
    expect(await screen.findByText("Every Monday at 18:00, in the workspace's time zone")).toBeTruthy();
  });
});

describe('UnsubscribePage', () => {
  it('says which e-mail the link stops, and stops it on a click', async () => {
    await renderWithProviders(<UnsubscribePage link={link} />);
    expect(await screen.findByText('Stop the weekly snapshot e-mail of Site overview (Acme)?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will not get this snapshot e-mail any more.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`${linkUrl}/unsubscribe`]);
  });

  it('a link that no longer works says so', async () => {
    infoReply = () => problem(404, 'notFound');
    await renderWithProviders(<UnsubscribePage link={link} />);
    expect(await screen.findByText('This link no longer works: you may have unsubscribed already.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
