import type { Photo } from '@formwork/shared/schemas/photos';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { galleryRows, PhotoGrid } from './photo-grid.tsx';

const rect = HTMLElement.prototype.getBoundingClientRect;
const sizes = { width: 1000, height: 800 };
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({
      ...sizes,
      top: 0,
      left: 0,
      right: sizes.width,
      bottom: sizes.height,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    }) as DOMRect;
  for (const [key, value] of [
    ['offsetHeight', sizes.height],
    ['offsetWidth', sizes.width],
    ['clientHeight', sizes.height],
    ['clientWidth', sizes.width],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = rect;
});

/** `count` photos, newest first, `perDay` of them a day from 2026-11-20 backwards (UTC noon). */
function photos(count: number, perDay: number): Photo[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const shotAt = new Date(
      Date.UTC(2026, 10, 20 - Math.floor(i / perDay), 12, 0, 0) - (i % perDay) * 1000,
    ).toISOString();
    const base = `/api/teams/t/photos/${id}/images`;
    return {
      id,
      teamId: '00000000-0000-4000-8000-00000000000a',
      source: 'upload',
      formId: null,
      state: 'active',
      fileName: `IMG_${i}.jpg`,
      takenAt: shotAt,
      shotAt,
      location: null,
      uploadedBy: null,
      uploadedAt: shotAt,
      width: 100,
      height: 100,
      tagIds: [],
      chainage: null,
      urls: { xs: `${base}/xs`, s: `${base}/s`, m: `${base}/m`, l: `${base}/l`, xl: `${base}/xl` },
    };
  });
}

describe('galleryRows', () => {
  it('puts a heading before each day and at most `columns` photos a row', () => {
    const rows = galleryRows(photos(7, 3), 2, (value) => value.slice(0, 10));
    expect(rows.map((r) => (r.kind === 'day' ? r.day : r.photos.length))).toEqual([
      '2026-11-20',
      2,
      1,
      '2026-11-19',
      2,
      1,
      '2026-11-18',
      1,
    ]);
  });
});

describe('PhotoGrid', () => {
  it('keeps only the visible rows and one screen more in the page, out of 20,000 photos', {
    timeout: 30_000,
  }, async () => {
    vi.stubGlobal('fetch', async () => new Response(new Blob(['x'], { type: 'image/jpeg' })));
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    const onEndReached = vi.fn();
    await renderWithProviders(
      <PhotoGrid
        photos={photos(20_000, 50)}
        selected={new Set()}
        onToggle={onToggle}
        onOpen={onOpen}
        onEndReached={onEndReached}
      />,
    );
    const tiles = screen.getAllByTestId('photo-tile');
    // 5 columns of 168 px in 1000 px; 800 px show ~5 rows of tiles, one screen more ~5 rows.
    expect(tiles.length).toBeGreaterThanOrEqual(20);
    expect(tiles.length).toBeLessThanOrEqual(60);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(onEndReached).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Open photo IMG_0.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select photo IMG_1.jpg' }));
    expect(onToggle).toHaveBeenCalledWith(photos(2, 50)[1]?.id);
    vi.unstubAllGlobals();
  });

  it('scrolled into the middle, still keeps the visible rows and one screen more in all (half above, half below)', {
    timeout: 30_000,
  }, async () => {
    vi.stubGlobal('fetch', async () => new Response(new Blob(['x'], { type: 'image/jpeg' })));
    await renderWithProviders(
      <PhotoGrid
        photos={photos(20_000, 50)}
        selected={new Set()}
        onToggle={vi.fn()}
        onOpen={vi.fn()}
        onEndReached={vi.fn()}
      />,
    );
    const grid = screen.getByTestId('photo-grid');
    grid.scrollTop = 400_000;
    fireEvent.scroll(grid);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open photo IMG_0.jpg' })).toBeNull());
    const tiles = screen.getAllByTestId('photo-tile');
    // 800 px show at most 6 rows of 5 tiles (176 px a row); one screen more is 5 rows: 55 tiles.
    expect(tiles.length).toBeGreaterThanOrEqual(25);
    expect(tiles.length).toBeLessThanOrEqual(55);
    vi.unstubAllGlobals();
  });

  it('asks for more when the end of what is loaded comes into view', async () => {
    const onEndReached = vi.fn();
    await renderWithProviders(
      <PhotoGrid
        photos={photos(6, 50)}
        selected={new Set()}
        onToggle={vi.fn()}
        onOpen={vi.fn()}
        onEndReached={onEndReached}
      />,
    );
    expect(onEndReached).toHaveBeenCalled();
  });
});
