import type { Action } from '@formwork/shared/schemas/actions';
import {
  ActionIcon,
  Badge,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyActions } from '../api/actions.ts';

/** My actions (spec 2.3): actions assigned to me; choosing one opens the action modal (?actionId). */
export function MyActionsButton({ onOpen }: { onOpen: (action: Action) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const mine = useMyActions(true);
  const count = mine.data?.actions.length ?? 0;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal width={320}>
      <Popover.Target>
        <Tooltip label={t('actions.mine')}>
          <Indicator label={count} size={16} disabled={count === 0} offset={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('actions.mine')}
              onClick={() => setOpened((o) => !o)}
            >
              <IconChecklist size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text fw={600} size="sm" mb="xs">
          {t('actions.mine')}
        </Text>
        {mine.isPending ? (
          <Loader size="xs" />
        ) : count === 0 ? (
          <Text size="sm" c="dimmed">
            {t('actions.noneMine')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={4}>
              {mine.data?.actions.map((a) => (
                <UnstyledButton
                  key={a.actionId}
                  p={6}
                  style={{ borderRadius: 6 }}
                  onClick={() => {
                    setOpened(false);
                    onOpen(a);
                  }}
                >
                  <Text size="sm" fw={500} truncate="end">
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {a.path.team.name}
                    {a.dueDate ? ` · ${t('actions.due', { date: a.dueDate })}` : ''}
                  </Text>
                  {a.priority === 'high' && (
                    <Badge size="xs" color="red">
                      {t('actions.high')}
                    </Badge>
                  )}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
