import type { Photo, ProjectAlignment } from '@formwork/shared/schemas/photos';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { initI18n } from '../../../lib/i18n.ts';
import { i18n } from '../../../lib/translate.tsx';
import { chainageText } from './chainage-text.ts';
import { fitToBox, mercatorPixel, PhotoMap } from './photo-map.tsx';

function photo(i: number, location: Photo['location'], chainage: Photo['chainage'] = null): Photo {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const base = `/api/teams/t/photos/${id}/images`;
  return {
    id,
    teamId: '00000000-0000-4000-8000-00000000000a',
    source: 'upload',
    formId: null,
    state: 'active',
    fileName: `IMG_${i}.jpg`,
    takenAt: null,
    shotAt: '2026-11-20T03:30:00.000Z',
    location,
    uploadedBy: null,
    uploadedAt: '2026-11-20T03:30:00.000Z',
    width: 100,
    height: 100,
    tagIds: [],
    chainage,
    urls: { xs: `${base}/xs`, s: `${base}/s`, m: `${base}/m`, l: `${base}/l`, xl: `${base}/xl` },
  };
}

const alignment: ProjectAlignment = {
  projectId: '00000000-0000-4000-8000-00000000000b',
  fileName: 'road.kml',
  lines: [
    [
      [151.2, -33.87],
      [151.21, -33.87],
      [151.22, -33.86],
    ],
  ],
  lengthM: 2100,
  updatedAt: '2026-11-20T03:30:00.000Z',
};

describe('chainage text', () => {
  it('says metres under a kilometre, kilometres above, and which side of the line', async () => {
    await initI18n('en-US');
    const t = i18n.t;
    expect(chainageText({ chainageM: 461.84, offsetM: 22.24 }, t, 'en-US')).toBe(
      'Chainage 461.8 m, 22.2 m right of the alignment',
    );
    expect(chainageText({ chainageM: 1384.89, offsetM: -11.12 }, t, 'en-US')).toBe(
      'Chainage 1.385 km, 11.1 m left of the alignment',
    );
    expect(chainageText({ chainageM: 0, offsetM: 0.01 }, t, 'en-US')).toBe('Chainage 0.0 m, on the alignment');
  });
});

describe('photo map', () => {
  it('fits the points in the drawing, north up, keeping the shape', () => {
    const { project } = fitToBox([
      [151.2, -33.87],
      [151.22, -33.86],
    ]);
    const [west, south] = project([151.2, -33.87]);
    const [east, north] = project([151.22, -33.86]);
    expect(west).toBeLessThan(east);
    expect(north).toBeLessThan(south);
  });

  it('draws the alignment and the photos with a location, and a click on a point opens that photo', async () => {
    const onOpen = vi.fn();
    const photos = [
      photo(0, { latitude: -33.8702, longitude: 151.205 }, { chainageM: 461.84, offsetM: 22.24 }),
      photo(1, null),
      photo(2, { latitude: -33.865, longitude: 151.215 }),
    ];
    await renderWithProviders(<PhotoMap alignment={alignment} tiles={null} photos={photos} onOpen={onOpen} />);
    expect(screen.getByRole('img', { name: 'Map of the alignment and the photos taken along it' })).toBeInTheDocument();
    expect(screen.getAllByTestId('photo-map-alignment')).toHaveLength(1);
    expect(screen.getByText('2 of the loaded photos have a location.')).toBeInTheDocument();
    const points = screen.getAllByRole('button', { name: /^Open IMG_/ });
    expect(points).toHaveLength(2);
    expect(points[0]).toHaveAccessibleName('Open IMG_0.jpg: Chainage 461.8 m, 22.2 m right of the alignment');
    await userEvent.click(points[1] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(2);
    (points[0] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(0);
    // No tiles configured: nothing is drawn under the map, and no credit is shown.
    expect(screen.queryAllByTestId('photo-map-tile')).toHaveLength(0);
    expect(screen.queryByText(/^Map tiles:/)).toBeNull();
  });

  it("with the deployment's tiles: draws the tiles under the map, each point on its place in them, and credits them", async () => {
    const tiles = {
      urlTemplate: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    };
    const at = { latitude: -33.8702, longitude: 151.205 };
    await renderWithProviders(
      <PhotoMap alignment={alignment} tiles={tiles} photos={[photo(0, at)]} onOpen={() => {}} />,
    );
    const images = screen.getAllByTestId('photo-map-tile');
    expect(images.length).toBeGreaterThan(0);
    const hrefs = images.map((image) => image.getAttribute('href') as string);
    const [, zoom] = /^https:\/\/tiles\.example\.com\/(\d+)\/\d+\/\d+\.png$/.exec(hrefs[0] as string) ?? [];
    // The alignment spans 0.02° of longitude (932 px at zoom 16, 1,864 at 17): the highest zoom at
    // which it fits in the drawing's 952 px is 16, not the tiles' highest.
    expect(zoom).toBe('16');
    expect(new Set(hrefs).size).toBe(hrefs.length);
    // The photo's point lies where its place is in the tile that holds it.
    const [px, py] = mercatorPixel([at.longitude, at.latitude], 16);
    const holder = images.find(
      (image) =>
        image.getAttribute('href') ===
        `https://tiles.example.com/16/${Math.floor(px / 256)}/${Math.floor(py / 256)}.png`,
    ) as Element;
    expect(holder).toBeDefined();
    const point = screen.getByRole('button', { name: 'Open IMG_0.jpg' });
    expect(Number(point.getAttribute('cx')) - Number(holder.getAttribute('x'))).toBeCloseTo(px % 256, 0);
    expect(Number(point.getAttribute('cy')) - Number(holder.getAttribute('y'))).toBeCloseTo(py % 256, 0);
    expect(screen.getByText('Map tiles: © OpenStreetMap contributors')).toBeInTheDocument();
  });

  it('says so when there is nothing to draw, and asks no server for tiles', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderWithProviders(<PhotoMap alignment={null} tiles={null} photos={[photo(1, null)]} onOpen={() => {}} />);
    expect(screen.getByText('No photo here has a location, and the project has no alignment.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
