import type { FormRow } from '@formwork/shared/schemas/forms';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconPlus, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormFieldEnvProvider } from '../../../components/form-fields/field-context.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { formPath, newFormPath, registerPath } from '../../../lib/form-paths.ts';
import { useTemplateById } from '../../../lib/template-query.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useBoardColumn, useReloadBoard } from '../api/forms.ts';
import { useFormEnv } from './form-env.ts';
import { ApproveMoveModal } from './workflow-panel.tsx';

type Props = {
  companyId: string;
  teamId: string;
  templateId: string;
  me: { userId: string; name: string };
  canCreate: boolean;
  canMove: boolean;
};

/**
 * A Workflow template's board: one column per workflow column, the team's forms in it; moving a
 * form to the next column asks for an approval signature (spec 4.1).
 */
export function WorkflowBoard({ companyId, teamId, templateId, me, canCreate, canMove }: Props) {
  const { t } = useTranslation();
  const template = useTemplateById(templateId);
  const reloadBoard = useReloadBoard(teamId, templateId);
  const [moving, setMoving] = useState<FormRow | null>(null);
  const definition = template.data?.definition ?? { fields: [], logic: [], workflow: null };
  const columns = template.data?.definition?.workflow?.columns ?? [];
  const env = useFormEnv({
    companyId,
    teamId,
    // biome-ignore lint/suspicious/noExplicitAny: only uploads are used on the board
    definition: definition as any,
    people: [],
    signerName: me.name,
    meta: {},
  });
  if (template.isPending) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  if (template.isError || !template.data) return <Alert color="red">{t('workflows.loadFailed')}</Alert>;
  if (!template.data.definition?.workflow) return <Alert color="gray">{t('workflows.notWorkflow')}</Alert>;

  const movingColumn = moving?.workflowColumn ?? 0;
  return (
    <FormFieldEnvProvider value={env}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={1} fz="h3">
              {template.data.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('workflows.subtitle')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              to={registerPath(teamId, templateId)}
              variant="default"
              leftSection={<IconTable size={16} />}
            >
              {t('workflows.register')}
            </Button>
            {canCreate && (
              <Button component={Link} to={newFormPath(teamId, templateId)} leftSection={<IconPlus size={16} />}>
                {t('timeline.newForm')}
              </Button>
            )}
          </Group>
        </Group>
        <ScrollArea type="auto" offsetScrollbars>
          <Group align="flex-start" wrap="nowrap" gap="sm" data-workflow-board>
            {columns.map((column, index) => (
              <BoardColumn
                key={column.id}
                teamId={teamId}
                templateId={templateId}
                name={column.name}
                index={index}
                next={columns[index + 1]?.name}
                canMove={canMove}
                onMove={setMoving}
              />
            ))}
          </Group>
        </ScrollArea>
      </Stack>
      {moving && (
        <ApproveMoveModal
          opened
          onClose={() => setMoving(null)}
          teamId={teamId}
          formId={moving.formId}
          baseVersion={moving.version}
          from={columns[movingColumn]}
          to={columns[movingColumn + 1]}
          signerName={me.name}
          onMoved={() => {
            setMoving(null);
            void reloadBoard();
          }}
          onStale={() => {
            setMoving(null);
            void reloadBoard();
          }}
        />
      )}
    </FormFieldEnvProvider>
  );
}

/** One column: its forms a page at a time, newest first, with their count so far. */
function BoardColumn(props: {
  teamId: string;
  templateId: string;
  name: string;
  index: number;
  /** The next column's name; none for the last column. */
  next: string | undefined;
  canMove: boolean;
  onMove: (row: FormRow) => void;
}) {
  const { t } = useTranslation();
  const dates = useDateText();
  const { teamId, name, next } = props;
  const forms = useBoardColumn(teamId, props.templateId, { index: props.index, last: next === undefined });
  const rows = forms.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      w={280}
      miw={260}
      bg="var(--mantine-color-gray-0)"
      data-board-column={name}
      aria-label={name}
      role="region"
    >
      <Group justify="space-between" mb="xs" px={4}>
        <Text fw={700} size="sm">
          {name}
        </Text>
        <Badge variant="light" size="sm">
          {forms.hasNextPage ? t('workflows.countMore', { count: rows.length }) : rows.length}
        </Badge>
      </Group>
      <Stack gap="xs">
        {rows.map((row) => (
          <Card key={row.formId} withBorder radius="md" padding="xs" data-board-card={row.title}>
            <Anchor component={Link} to={formPath(teamId, row.formId)} size="sm" fw={600}>
              {row.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('workflows.updated', { when: dates.instant(row.updatedAt) })}
            </Text>
            {props.canMove && row.state === 'active' && next !== undefined && (
              <Box mt={6}>
                <Button
                  size="compact-xs"
                  variant="light"
                  rightSection={<IconArrowRight size={12} />}
                  onClick={() => props.onMove(row)}
                >
                  {t('workflows.moveTo', { column: next })}
                </Button>
              </Box>
            )}
          </Card>
        ))}
        {forms.isPending && (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )}
        {forms.isError && (
          <Text size="xs" c="red" ta="center" py="md">
            {t('workflows.loadFailed')}
          </Text>
        )}
        {forms.isSuccess && rows.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            {t('workflows.emptyColumn')}
          </Text>
        )}
        {forms.hasNextPage && (
          <Button
            variant="subtle"
            size="compact-sm"
            loading={forms.isFetchingNextPage}
            onClick={() => void forms.fetchNextPage()}
          >
            {t('workflows.showMore')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
