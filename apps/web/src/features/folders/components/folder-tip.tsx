import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { Popover } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

const tipDismissedKey = 'formwork:folder-tip-dismissed';

/** The tip about selecting folders to archive them; once dismissed, it stays away (this browser). */
export function FolderTip() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(tipDismissedKey) === '1');
  if (dismissed) return null;
  return (
    <Popover width={240} position="right-start" withArrow withinPortal>
      <Popover.Target>
        <UnstyledButton
          px="xs"
          py={6}
          style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-blue-light)' }}
        >
          <Group gap={6} wrap="nowrap">
            <IconArchive size={14} color="var(--mantine-color-blue-light-color)" />
            <Text size="xs" c="var(--mantine-color-blue-light-color)">
              {t('folders.tipTitle')}
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{t('folders.tipBody')}</Text>
        <Group justify="flex-end" mt="xs">
          <Button
            size="compact-xs"
            onClick={() => {
              localStorage.setItem(tipDismissedKey, '1');
              setDismissed(true);
            }}
          >
            {t('folders.tipDismiss')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
