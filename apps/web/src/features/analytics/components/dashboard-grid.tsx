import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { changedPlaces, gridColumns, type PlacedChart, placeChart } from '@formwork/shared/analytics/grid-layout';
import type { Chart, ChartLayout } from '@formwork/shared/schemas/analytics';
import { ActionIcon } from '@mantine/core';
import { IconArrowsDiagonal, IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useArrangeCharts } from '../api/analytics.ts';
import { ChartCard } from './chart-card.tsx';

type Props = {
  folderId: string;
  dashboardId: string;
  charts: Chart[];
  canEdit: boolean;
  onEdit: (chart: Chart) => void;
  /** Height of one row of the grid, in pixels. */
  rowHeight: number;
};

const gap = 12;

/** What a handle does: `move:<chartId>` or `resize:<chartId>`. */
function handleOf(id: string | number): { kind: 'move' | 'resize'; chartId: string } {
  const [kind, chartId] = String(id).split(':');
  return { kind: kind === 'resize' ? 'resize' : 'move', chartId: chartId as string };
}

/**
 * A dashboard's charts in its 12-column grid (issue 20). Editors drag a chart by its handle to move
 * it and by its corner to resize it, with the pointer or the keyboard (space or enter picks up, the
 * arrow keys move one cell, space or enter drops, escape puts back); the charts it then overlaps
 * are pushed down, and the new places are saved.
 */
export function DashboardGrid({ folderId, dashboardId, charts, canEdit, onEdit, rowHeight }: Props) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  const arrange = useArrangeCharts(folderId, dashboardId);
  const [preview, setPreview] = useState<PlacedChart[] | null>(null);
  // The chart being dragged stays where it was until dropped (its handle must not move under the
  // pointer or the keyboard); an outline shows where it goes, the charts it pushes move at once.
  const [dragging, setDragging] = useState<string | null>(null);
  const placed = useMemo(() => charts.map((c) => ({ chartId: c.chartId, layout: c.layout })), [charts]);
  const shown = preview ?? placed;
  const layoutOf = (chartId: string) => shown.find((p) => p.chartId === chartId)?.layout as ChartLayout;
  const titleOf = (id: string | number) => charts.find((c) => c.chartId === handleOf(id).chartId)?.title ?? '';

  /** One cell of the grid in pixels (a column's width and a row's height, each with its gap). */
  const cell = useCallback(() => {
    const width = grid.current?.clientWidth ?? gridColumns * 80;
    return { x: (width + gap) / gridColumns, y: rowHeight + gap };
  }, [rowHeight]);

  const arranged = (id: string | number, delta: { x: number; y: number }) => {
    const { kind, chartId } = handleOf(id);
    const from = placed.find((p) => p.chartId === chartId)?.layout as ChartLayout;
    const step = cell();
    const dx = Math.round(delta.x / step.x);
    const dy = Math.round(delta.y / step.y);
    const next =
      kind === 'move' ? { ...from, x: from.x + dx, y: from.y + dy } : { ...from, w: from.w + dx, h: from.h + dy };
    return placeChart(placed, chartId, next);
  };

  /** The arrangement the drag would make now (read by the screen reader's announcements). */
  const latest = useRef<PlacedChart[]>(placed);
  const onDragStart = ({ active }: DragStartEvent) => setDragging(handleOf(active.id).chartId);
  const onDragMove = ({ active, delta }: DragMoveEvent) => {
    latest.current = arranged(active.id, delta);
    setPreview(latest.current);
  };
  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    const after = arranged(active.id, delta);
    latest.current = after;
    setDragging(null);
    const changed = changedPlaces(placed, after);
    if (changed.length === 0) {
      setPreview(null);
      return;
    }
    setPreview(after);
    arrange.mutate(changed, {
      onError: (error) => showToast('error', problemMessage(error, t)),
      onSettled: () => setPreview(null),
    });
  };

  // The keyboard moves a handle one grid cell per arrow key.
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const step = cell();
      const moves: Record<string, { x: number; y: number }> = {
        ArrowRight: { x: step.x, y: 0 },
        ArrowLeft: { x: -step.x, y: 0 },
        ArrowDown: { x: 0, y: step.y },
        ArrowUp: { x: 0, y: -step.y },
      };
      const move = moves[event.code];
      if (!move) return undefined;
      event.preventDefault();
      return { x: currentCoordinates.x + move.x, y: currentCoordinates.y + move.y };
    },
    [cell],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const place = (id: string | number) => {
    const chartId = handleOf(id).chartId;
    const layout = (latest.current.find((p) => p.chartId === chartId) ?? placed.find((p) => p.chartId === chartId))
      ?.layout as ChartLayout;
    return { title: titleOf(id), column: layout.x + 1, row: layout.y + 1, width: layout.w, height: layout.h };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      latest.current = placed;
      return t('analytics.dragPicked', { title: titleOf(active.id) });
    },
    onDragMove: ({ active }) => t('analytics.dragPlace', place(active.id)),
    onDragOver: () => undefined,
    onDragEnd: ({ active }) => t('analytics.dragDropped', place(active.id)),
    onDragCancel: ({ active }) => t('analytics.dragCancelled', { title: titleOf(active.id) }),
  };

  const body = (
    <div
      ref={grid}
      data-testid="dashboard-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${gridColumns}, minmax(0, 1fr))`,
        gridAutoRows: rowHeight,
        gap,
      }}
    >
      {dragging && <DropTarget layout={layoutOf(dragging)} />}
      {charts.map((chart) => {
        const layout =
          chart.chartId === dragging
            ? (placed.find((p) => p.chartId === dragging)?.layout as ChartLayout)
            : layoutOf(chart.chartId);
        return (
          <div
            key={chart.chartId}
            data-testid="grid-cell"
            data-layout={`${layout.x},${layout.y},${layout.w},${layout.h}`}
            style={{
              gridColumn: `${layout.x + 1} / span ${layout.w}`,
              gridRow: `${layout.y + 1} / span ${layout.h}`,
              minWidth: 0,
              position: 'relative',
            }}
          >
            <ChartCard
              folderId={folderId}
              chart={chart}
              canEdit={canEdit}
              onEdit={onEdit}
              height={layout.h * rowHeight - 70}
              handle={
                canEdit ? (
                  <Handle id={`move:${chart.chartId}`} label={t('analytics.moveChart', { title: chart.title })}>
                    <IconGripVertical size={16} />
                  </Handle>
                ) : null
              }
            />
            {canEdit && (
              <Handle
                id={`resize:${chart.chartId}`}
                label={t('analytics.resizeChart', { title: chart.title })}
                style={{ position: 'absolute', right: 2, bottom: 2, cursor: 'nwse-resize' }}
              >
                <IconArrowsDiagonal size={14} />
              </Handle>
            )}
          </div>
        );
      })}
    </div>
  );
  if (!canEdit) return body;
  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(null);
        setPreview(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('analytics.dragInstructions') } }}
    >
      {body}
    </DndContext>
  );
}

/** Where the chart being dragged would go. */
function DropTarget({ layout }: { layout: ChartLayout }) {
  return (
    <div
      aria-hidden
      data-testid="drop-target"
      style={{
        gridColumn: `${layout.x + 1} / span ${layout.w}`,
        gridRow: `${layout.y + 1} / span ${layout.h}`,
        border: '2px dashed var(--mantine-color-blue-5)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-blue-light)',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    />
  );
}

function Handle({
  id,
  label,
  style,
  children,
}: {
  id: string;
  label: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id });
  return (
    <ActionIcon
      ref={setNodeRef}
      variant="subtle"
      size="sm"
      aria-label={label}
      {...attributes}
      {...listeners}
      style={{ cursor: 'grab', touchAction: 'none', ...style }}
    >
      {children}
    </ActionIcon>
  );
}
