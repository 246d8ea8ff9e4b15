import { type PhotoZip, photoZipSchema } from '@formwork/shared/schemas/photos';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PhotoZipStatus } from './photo-zip-status.tsx';

const team = '00000000-0000-4000-8000-0000000000b1';
const zipId = '00000000-0000-4000-8000-0000000000e1';
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const base: PhotoZip = {
  zipId,
  state: 'running',
  photoCount: 5,
  writtenCount: 2,
  fileName: null,
  downloadUrl: null,
  expiresAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
};

let replies: PhotoZip[];
let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const next = replies.length > 1 ? (replies.shift() as PhotoZip) : (replies[0] as PhotoZip);
    return json(fakeReply(photoZipSchema, next));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a ZIP of photos made by a job (issue 19)', { timeout: 30_000 }, () => {
  it('shows how many photos it holds while it is made, then offers the download until it expires', async () => {
    replies = [
      base,
      {
        ...base,
        state: 'ready',
        writtenCount: 5,
        fileName: 'photos-2026-11-24.zip',
        downloadUrl: `/api/teams/${team}/photo-zips/${zipId}/download`,
        expiresAt: '2026-11-25T10:00:00.000Z',
        finishedAt: '2026-11-24T10:00:05.000Z',
      },
    ];
    const onDismiss = vi.fn();
    await renderWithProviders(<PhotoZipStatus teamId={team} zipId={zipId} onDismiss={onDismiss} />);
    expect(await screen.findByText('Making the ZIP: 2 of 5 photos')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ZIP progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText(/^Ready to download: 5 photos, until /, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(urls[0]).toBe(`/api/teams/${team}/photo-zips/${zipId}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide ZIP status' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('says so when it failed or expired, with no download', async () => {
    replies = [{ ...base, state: 'expired', writtenCount: 5, expiresAt: '2026-11-24T11:00:00.000Z' }];
    await renderWithProviders(<PhotoZipStatus teamId={team} zipId={zipId} onDismiss={() => {}} />);
    expect(
      await screen.findByText('This ZIP has expired. Select the photos and download them again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('shows Processing failed for a failed job', async () => {
    replies = [{ ...base, state: 'failed' }];
    await renderWithProviders(<PhotoZipStatus teamId={team} zipId={zipId} onDismiss={() => {}} />);
    expect(await screen.findByText('Processing failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
