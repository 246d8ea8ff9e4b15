import { photoActionResultSchema } from '@formwork/shared/schemas/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { TransferModal } from './transfer-modal.tsx';

const team = '00000000-0000-4000-8000-0000000000b1';
const electrical = '00000000-0000-4000-8000-0000000000b2';
const civil = '00000000-0000-4000-8000-0000000000b3';
const photoIds = ['00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d2'];
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

let sent: { method: string; url: string; body: unknown }[];
let reply: () => Response;
beforeEach(() => {
  sent = [];
  reply = () => json(fakeReply(photoActionResultSchema, { photoIds }));
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return reply();
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderModal() {
  const onDone = vi.fn();
  await renderWithProviders(
    <TransferModal
      teamId={team}
      photoIds={photoIds}
      targets={[
        { folderId: electrical, name: 'Electrical' },
        { folderId: civil, name: 'Civil Works' },
      ]}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  return { user: userEvent.setup(), onDone };
}

async function chooseTeam(user: ReturnType<typeof userEvent.setup>, name: string) {
  const select = screen.getByRole('combobox', { name: 'Team' });
  await user.click(select);
  const list = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

describe('move or copy photos to another team (issue 19)', { timeout: 30_000 }, () => {
  it('moves the selection to the chosen team of the project', async () => {
    const { user, onDone } = await renderModal();
    expect(screen.getByRole('dialog', { name: 'Move or copy 2 photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move 2 photos' })).toBeDisabled();
    await chooseTeam(user, 'Civil Works');
    await user.click(screen.getByRole('button', { name: 'Move 2 photos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('move'));
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `/api/teams/${team}/photos/transfer`,
        body: { photoIds, targetTeamId: civil, mode: 'move' },
      },
    ]);
    expect(await screen.findByText('2 photos moved to Civil Works')).toBeInTheDocument();
  });

  it('copies when Copy is chosen', async () => {
    const { user, onDone } = await renderModal();
    await user.click(screen.getByText('Copy'));
    await chooseTeam(user, 'Electrical');
    await user.click(screen.getByRole('button', { name: 'Copy 2 photos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('copy'));
    expect(sent[0]?.body).toEqual({ photoIds, targetTeamId: electrical, mode: 'copy' });
  });

  it("shows the server's reason when the move is refused, and stays open", async () => {
    reply = () =>
      json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          code: 'forbidden',
          detail: 'You cannot upload to that team.',
        },
        403,
        'application/problem+json',
      );
    const { user, onDone } = await renderModal();
    await chooseTeam(user, 'Electrical');
    await user.click(screen.getByRole('button', { name: 'Move 2 photos' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Team' })).toHaveAccessibleDescription(
        'You cannot upload to that team.',
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
