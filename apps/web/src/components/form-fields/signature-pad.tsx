import { Box, Button, Group, Text } from '@mantine/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';

/** The drawing as a PNG (white background so it prints on any PDF). */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The drawing could not be read'))), 'image/png');
  });
}

type Props = {
  /** Called with the PNG when the signer confirms. */
  onDone: (png: Blob) => void | Promise<void>;
  onCancel?: () => void;
  busy?: boolean;
  label: string;
  confirmLabel?: string;
  height?: number;
  /** An image to draw on (a sketch over a photo). */
  background?: string | null;
  strokeColour?: string;
};

/**
 * Draw with a finger, pen or mouse on a canvas (pointer events; touch does not scroll the page
 * while drawing). Used by signatures, approval signatures and sketches.
 */
export function SignaturePad({
  onDone,
  onCancel,
  busy,
  label,
  confirmLabel,
  height = 180,
  background,
  strokeColour = '#111',
}: Props) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  // An opened pad shows whole, its buttons included (the page keeps them above a sticky footer).
  useEffect(() => {
    rootRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const paintBackground = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 600;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    if (background) {
      const img = new window.Image();
      img.onload = () => {
        const scale = Math.min(width / img.width, height / img.height);
        const w = img.width * scale;
        const h = img.height * scale;
        ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
      };
      img.src = background;
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: repaint when the size or background changes
  useEffect(() => {
    paintBackground();
    setEmpty(true);
  }, [height, background]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.strokeStyle = strokeColour;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
    setEmpty(false);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const up = () => {
    drawing.current = false;
  };

  return (
    <Box ref={rootRef}>
      <Box
        style={{
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#fff',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={label}
          role="img"
          data-signature-pad
          style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
        />
      </Box>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('formFields.drawHint')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {onCancel && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => {
              paintBackground();
              setEmpty(true);
            }}
            disabled={empty || busy}
          >
            {t('formFields.clear')}
          </Button>
          <Button
            size="compact-sm"
            disabled={empty}
            loading={busy}
            onClick={() => {
              const canvas = canvasRef.current;
              if (canvas) void canvasToPng(canvas).then(onDone);
            }}
          >
            {confirmLabel ?? t('formFields.useSignature')}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
