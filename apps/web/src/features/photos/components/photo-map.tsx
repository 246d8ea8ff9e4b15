import type { MapTiles, Photo, ProjectAlignment } from '@formwork/shared/schemas/photos';
import { Box, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useDateText } from '../../../lib/date-text.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { chainageText } from './chainage-text.ts';

type Props = {
  alignment: ProjectAlignment | null;
  /** The deployment's map tiles (MAP_TILES_URL), drawn under the map; null: the map is drawn alone. */
  tiles: MapTiles | null;
  /** The gallery's loaded photos; those with a location are drawn. */
  photos: Photo[];
  /** Opens the viewer at a photo's index in `photos`. */
  onOpen: (index: number) => void;
};

const width = 1000;
const padding = 24;
const maxDrawingHeight = 640;

/**
 * The map of the gallery (issue 19.4) without tiles: the project's alignment and the photos taken
 * along it, drawn as SVG on their own, no outside server asked for anything. Longitude is scaled
 * by the cosine of the middle latitude, so the drawing keeps the site's shape.
 */
export function fitToBox(points: [number, number][]) {
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const cosLat = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * cosLat, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const scale = Math.min((width - 2 * padding) / spanX, maxDrawingHeight / spanY);
  const height = Math.max(240, Math.round(spanY * scale + 2 * padding));
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const project = ([lon, lat]: [number, number]): [number, number] => [
    Math.round((offsetX + (lon - minLon) * cosLat * scale) * 10) / 10,
    Math.round((offsetY + (maxLat - lat) * scale) * 10) / 10,
  ];
  return { height, project, tiles: [] as MapTile[] };
}

export const tileSize = 256;
export type MapTile = { href: string; x: number; y: number };

/** A point in Web Mercator pixels at a zoom (the tiles' projection: 256 px tiles, 2^zoom of them a side). */
export function mercatorPixel([lon, lat]: [number, number], zoom: number): [number, number] {
  const side = tileSize * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return [((lon + 180) / 360) * side, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * side];
}

/**
 * The map over tiles: drawn in the tiles' own projection at the highest zoom (up to the tiles')
 * at which every point fits, centred, with the tiles that cover the drawing.
 */
export function fitToTiles(points: [number, number][], tiles: MapTiles) {
  const spans = (zoom: number) => {
    const pixels = points.map((p) => mercatorPixel(p, zoom));
    const xs = pixels.map((p) => p[0]);
    const ys = pixels.map((p) => p[1]);
    return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  };
  let zoom = Math.max(0, tiles.maxZoom);
  let box = spans(zoom);
  while (zoom > 0 && (box.maxX - box.minX > width - 2 * padding || box.maxY - box.minY > maxDrawingHeight)) {
    zoom -= 1;
    box = spans(zoom);
  }
  const height = Math.max(240, Math.round(box.maxY - box.minY + 2 * padding));
  const originX = (box.minX + box.maxX) / 2 - width / 2;
  const originY = (box.minY + box.maxY) / 2 - height / 2;
  const project = (point: [number, number]): [number, number] => {
    const [x, y] = mercatorPixel(point, zoom);
    return [Math.round((x - originX) * 10) / 10, Math.round((y - originY) * 10) / 10];
  };
  const count = 2 ** zoom;
  const covering: MapTile[] = [];
  for (
    let ty = Math.max(0, Math.floor(originY / tileSize));
    ty <= Math.min(count - 1, Math.floor((originY + height) / tileSize));
    ty++
  )
    for (let tx = Math.floor(originX / tileSize); tx <= Math.floor((originX + width) / tileSize); tx++) {
      const wrapped = ((tx % count) + count) % count;
      covering.push({
        href: tiles.urlTemplate.replace('{z}', String(zoom)).replace('{x}', String(wrapped)).replace('{y}', String(ty)),
        x: Math.round((tx * tileSize - originX) * 10) / 10,
        y: Math.round((ty * tileSize - originY) * 10) / 10,
      });
    }
  return { height, project, tiles: covering };
}

export function PhotoMap({ alignment, tiles, photos, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const dates = useDateText();
  const located = useMemo(
    () =>
      photos.flatMap((photo, index) =>
        photo.location
          ? [{ photo, index, at: [photo.location.longitude, photo.location.latitude] as [number, number] }]
          : [],
      ),
    [photos],
  );
  const lines = alignment?.lines ?? [];
  const points = [...lines.flat(), ...located.map((p) => p.at)];
  if (points.length === 0) return <Text c="dimmed">{t('photos.mapEmpty')}</Text>;
  const { height, project, tiles: covering } = tiles ? fitToTiles(points, tiles) : fitToBox(points);
  const start = lines[0]?.[0];

  return (
    <Box>
      <Text size="sm" c="dimmed" mb="xs">
        {t('photos.mapCount', { count: located.length })}
      </Text>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('photos.mapLabel')}
        data-testid="photo-map"
        style={{ width: '100%', maxHeight: '70vh', background: 'var(--mantine-color-gray-0)', borderRadius: 4 }}
      >
        {covering.length > 0 ? (
          // The tiles are the background (what a role="img" holds is presentational to assistive technology).
          <g>
            {covering.map((tile) => (
              <image
                key={tile.href}
                href={tile.href}
                x={tile.x}
                y={tile.y}
                width={tileSize}
                height={tileSize}
                data-testid="photo-map-tile"
              />
            ))}
          </g>
        ) : null}
        {lines.map((line, i) => (
          <polyline
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one alignment keep their order
            key={i}
            points={line.map((p) => project(p).join(',')).join(' ')}
            fill="none"
            stroke="var(--mantine-color-blue-6)"
            strokeWidth={4}
            strokeLinejoin="round"
            strokeLinecap="round"
            data-testid="photo-map-alignment"
          />
        ))}
        {start ? (
          <text x={project(start)[0] + 8} y={project(start)[1] - 8} fontSize={14} fill="var(--mantine-color-blue-9)">
            {t('photos.alignmentStart')}
          </text>
        ) : null}
        {located.map(({ photo, index, at }) => {
          const [x, y] = project(at);
          const name = photo.fileName ?? dates.instant(photo.shotAt);
          const label = photo.chainage ? `${name}: ${chainageText(photo.chainage, t, i18n.language)}` : name;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a button element
            <circle
              key={photo.id}
              cx={x}
              cy={y}
              r={8}
              role="button"
              tabIndex={0}
              aria-label={t('photos.mapOpen', { name: label })}
              fill="var(--mantine-color-orange-6)"
              stroke="white"
              strokeWidth={2}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(index)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(index);
                }
              }}
            >
              <title>{label}</title>
            </circle>
          );
        })}
      </svg>
      {tiles?.attribution ? (
        <Text size="xs" c="dimmed" ta="right">
          {t('photos.mapTiles', { attribution: tiles.attribution })}
        </Text>
      ) : null}
    </Box>
  );
}
