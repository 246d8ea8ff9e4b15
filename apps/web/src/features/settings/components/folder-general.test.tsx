import { folderSettingsSchema } from '@formwork/shared/schemas/settings';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { apiRequest } from '../../../lib/http.ts';
import { FolderGeneral } from './folder-general.tsx';

const folderId = '33333333-3333-4333-8333-333333333333';
let own: string | null = null;

vi.mock('../../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/http.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

function settings() {
  return fakeReply(folderSettingsSchema, {
    folderId,
    kind: 'team',
    name: 'Civil Works',
    timeZone: own ?? 'Australia/Perth',
    ownTimeZone: own,
    inheritedTimeZone: 'Australia/Perth',
  });
}

beforeEach(() => {
  own = null;
  request.mockReset();
  request.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === `/api/folders/${folderId}/settings`) return settings();
    if (path === `/api/folders/${folderId}/time-zone` && options?.method === 'PUT') {
      own = (options.body as { timeZone: string | null }).timeZone;
      return settings();
    }
    throw new Error(`unexpected call ${path}`);
  });
});

describe("a project's or team's General settings: its time zone (issue 23.1)", { timeout: 60_000 }, () => {
  it("shows the inherited zone; a controller picks the folder's own and saves it", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<FolderGeneral folderId={folderId} rename={async () => {}} />);
    await screen.findByDisplayValue('Civil Works');
    const zone = screen.getByLabelText('Time zone', { selector: 'input' });
    expect(zone).toHaveValue('Inherited (Australia/Perth)');
    await user.clear(zone);
    await user.type(zone, 'Singapore');
    await user.click(await screen.findByRole('option', { name: 'Asia/Singapore', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(request).toHaveBeenCalledWith(`/api/folders/${folderId}/time-zone`, {
        method: 'PUT',
        body: { timeZone: 'Asia/Singapore' },
      }),
    );
    expect(await screen.findByText('Time zone saved')).toBeTruthy();
  });

  it('is read only for someone who may not change it', async () => {
    await renderWithProviders(<FolderGeneral folderId={folderId} />);
    await screen.findByDisplayValue('Civil Works');
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toHaveAttribute('readonly');
    expect(screen.getByText("Only the folder's controllers can rename it or change its time zone.")).toBeTruthy();
  });
});
