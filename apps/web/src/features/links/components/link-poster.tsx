import { linkPath } from '@formwork/shared/schemas/links';
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';

/** A link's public address on this server (what the copy button copies and the QR code holds). */
export function linkUrl(token: string): string {
  return `${window.location.origin}${linkPath(token)}`;
}

/** The QR code's dark modules as one SVG path (qrcode's matrix; loaded only when a poster opens). */
function useQrPath(text: string): { path: string; size: number } | null {
  const [qr, setQr] = useState<{ path: string; size: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
      let path = '';
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`;
      if (live) setQr({ path, size });
    });
    return () => {
      live = false;
    };
  }, [text]);
  return qr;
}

/** Only the poster prints (the page around it and the dialog's frame do not). */
const printOnlyPoster = `@media print {
  body * { visibility: hidden !important; }
  [data-link-poster], [data-link-poster] * { visibility: visible !important; }
  [data-link-poster] { position: fixed; inset: 0; padding: 2cm; background: white; }
}`;

/** A printable poster of a submission link (issue 21): its name, a QR code of its address and the address. */
export function LinkPoster({ name, token, onClose }: { name: string; token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const url = linkUrl(token);
  const qr = useQrPath(url);
  const quiet = 4;
  return (
    <Modal opened onClose={onClose} title={t('links.poster.title')} size="lg">
      <style>{printOnlyPoster}</style>
      <Stack gap="md">
        <Stack data-link-poster align="center" gap="md" ta="center">
          <Title order={2} fz="h2">
            {name}
          </Title>
          <Text size="lg">{t('links.poster.scan')}</Text>
          {qr ? (
            <svg
              role="img"
              aria-label={t('links.poster.qrLabel', { name })}
              viewBox={`${-quiet} ${-quiet} ${qr.size + 2 * quiet} ${qr.size + 2 * quiet}`}
              width={320}
              height={320}
              shapeRendering="crispEdges"
            >
              <rect x={-quiet} y={-quiet} width={qr.size + 2 * quiet} height={qr.size + 2 * quiet} fill="#fff" />
              <path d={qr.path} fill="#000" />
            </svg>
          ) : (
            <Center h={320}>
              <Loader aria-label={t('app.loading')} />
            </Center>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {url}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} disabled={!qr} onClick={() => window.print()}>
            {t('links.poster.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
