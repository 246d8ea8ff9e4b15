import type { Action } from '@formwork/shared/schemas/actions';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  getDefaultZIndex,
  Indicator,
  Loader,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Popover, Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { formPath } from '../../../lib/form-paths.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useMyActions } from '../api/actions.ts';

/**
 * Under every modal (Mantine stacks modals at 200, popovers at 300): a dialog opened while the
 * popover is open is never covered by it.
 */
const popoverZIndex = Number(getDefaultZIndex('modal')) - 1;

/**
 * My actions (spec 2.3): actions assigned to me; choosing one opens the action modal (?actionId),
 * and an action raised on a form links back to it. Escape closes the list wherever the focus is.
 */
export function MyActionsButton({ onOpen }: { onOpen: (action: Action) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const mine = useMyActions(true);
  const count = mine.data?.actions.length ?? 0;
  // Captured on the window: the button's tooltip swallows Escape while it shows (it closes itself).
  useWindowEvent(
    'keydown',
    (event) => {
      if (opened && event.key === 'Escape') setOpened(false);
    },
    { capture: true },
  );
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      width={320}
      zIndex={popoverZIndex}
      returnFocus
    >
      <Popover.Target>
        <Tooltip label={t('actions.mine')}>
          {/* The popover's roles go on the button itself; the count sits inside it. */}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('actions.mine')}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <Indicator component="span" label={count} size={16} disabled={count === 0} offset={-4}>
              <IconChecklist size={20} />
            </Indicator>
          </ActionIcon>
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
          <Popover.ScrollArea mah={360}>
            <Stack gap={4}>
              {mine.data?.actions.map((a) => (
                <Box key={`${a.path.workspace.id}/${a.actionId}`} p={6}>
                  <UnstyledButton
                    w="100%"
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
                  {a.formId && (
                    <Anchor
                      component={Link}
                      to={formPath(a.path.team.id, a.formId)}
                      size="xs"
                      onClick={() => setOpened(false)}
                    >
                      {t('actions.openForm')}
                    </Anchor>
                  )}
                </Box>
              ))}
            </Stack>
          </Popover.ScrollArea>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
