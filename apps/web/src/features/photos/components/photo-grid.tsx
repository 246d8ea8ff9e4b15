import type { Photo } from '@formwork/shared/schemas/photos';
import { Box, Checkbox, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AuthImage } from '../../../components/ui/auth-image.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

const tileSize = 168;
const gap = 8;
const headingHeight = 40;

type Row = { kind: 'day'; day: string } | { kind: 'photos'; photos: { photo: Photo; index: number }[] };

/** The photos as rows of the grid: a heading per day (in the workspace's time zone), then rows of tiles. */
export function galleryRows(photos: Photo[], columns: number, dayOf: (value: string) => string): Row[] {
  const rows: Row[] = [];
  let day: string | null = null;
  let current: { photo: Photo; index: number }[] = [];
  photos.forEach((photo, index) => {
    const photoDay = dayOf(photo.shotAt);
    if (photoDay !== day || current.length === columns) {
      if (current.length > 0) rows.push({ kind: 'photos', photos: current });
      current = [];
      if (photoDay !== day) rows.push({ kind: 'day', day: photoDay });
      day = photoDay;
    }
    current.push({ photo, index });
  });
  if (current.length > 0) rows.push({ kind: 'photos', photos: current });
  return rows;
}

type Props = {
  photos: Photo[];
  selected: ReadonlySet<string>;
  onToggle: (photoId: string) => void;
  onOpen: (index: number) => void;
  /** Asked when the last rows come into view. */
  onEndReached: () => void;
};

/**
 * The gallery grid (issue 19): grouped by day, virtualised so only the visible rows and one
 * screen more are in the page, whatever the number of photos; reaching the end asks for more.
 */
export function PhotoGrid({ photos, selected, onToggle, onOpen, onEndReached }: Props) {
  const { t } = useTranslation();
  const dates = useDateText();
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setWidth(element.clientWidth);
    setHeight(element.clientHeight || 600);
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      setWidth(entry.contentRect.width);
      setHeight(entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns = Math.max(1, Math.floor((width + gap) / (tileSize + gap)));
  const rows = useMemo(() => galleryRows(photos, columns, dates.day), [photos, columns, dates.day]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? headingHeight : tileSize + gap),
    // One screen of rows beyond the visible ones in all: the virtualizer adds `overscan` rows on
    // each side, so half a screen above and half below.
    overscan: Math.ceil(height / 2 / (tileSize + gap)),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (rows.length > 0 && lastIndex >= rows.length - 1) onEndReached();
  }, [lastIndex, rows.length, onEndReached]);

  return (
    <Box
      ref={scroller}
      data-testid="photo-grid"
      style={{ height: 'calc(100vh - 260px)', minHeight: 320, overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'day' ? (
                <Text fw={600} pt="sm" h={headingHeight} role="heading" aria-level={2}>
                  {dates.dayHeading(row.day)}
                </Text>
              ) : (
                <div style={{ display: 'flex', gap }}>
                  {row.photos.map(({ photo, index }) => (
                    <Box
                      key={photo.id}
                      data-testid="photo-tile"
                      pos="relative"
                      w={tileSize}
                      h={tileSize}
                      style={{ borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}
                    >
                      <UnstyledButton
                        w="100%"
                        h="100%"
                        onClick={() => onOpen(index)}
                        aria-label={t('photos.open', { name: photo.fileName ?? dates.instant(photo.shotAt) })}
                      >
                        <AuthImage src={photo.urls.s} alt="" w={tileSize} h={tileSize} fit="cover" />
                      </UnstyledButton>
                      <Checkbox
                        pos="absolute"
                        top={6}
                        left={6}
                        checked={selected.has(photo.id)}
                        onChange={() => onToggle(photo.id)}
                        aria-label={t('photos.select', { name: photo.fileName ?? dates.instant(photo.shotAt) })}
                      />
                    </Box>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
