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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormFieldEnvProvider } from '../../../components/form-fields/field-context.tsx';
import { formPath, newFormPath, registerPath } from '../../../lib/form-paths.ts';
import { useBoardForms, useFormTemplate } from '../api/forms.ts';
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
  const template = useFormTemplate(templateId);
  const forms = useBoardForms(teamId, templateId);
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
  const byColumn = useMemo(() => {
    const groups = columns.map(() => [] as FormRow[]);
    for (const row of forms.data ?? [])
      groups[Math.min(row.workflowColumn ?? 0, Math.max(0, columns.length - 1))]?.push(row);
    return groups;
  }, [forms.data, columns]);

  if (template.isPending || forms.isPending) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  if (template.isError || !template.data) return <Alert color="red">{t('workflows.loadFailed')}</Alert>;
  if (!template.data.definition.workflow) return <Alert color="gray">{t('workflows.notWorkflow')}</Alert>;

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
              <Paper
                key={column.id}
                withBorder
                radius="md"
                p="xs"
                w={280}
                miw={260}
                bg="var(--mantine-color-gray-0)"
                data-board-column={column.name}
                aria-label={column.name}
                role="region"
              >
                <Group justify="space-between" mb="xs" px={4}>
                  <Text fw={700} size="sm">
                    {column.name}
                  </Text>
                  <Badge variant="light" size="sm">
                    {byColumn[index]?.length ?? 0}
                  </Badge>
                </Group>
                <Stack gap="xs">
                  {(byColumn[index] ?? []).map((row) => (
                    <Card key={row.formId} withBorder radius="md" padding="xs" data-board-card={row.title}>
                      <Anchor component={Link} to={formPath(teamId, row.formId)} size="sm" fw={600}>
                        {row.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('workflows.updated', { when: new Date(row.updatedAt).toLocaleString() })}
                      </Text>
                      {canMove && row.state === 'active' && index < columns.length - 1 && (
                        <Box mt={6}>
                          <Button
                            size="compact-xs"
                            variant="light"
                            rightSection={<IconArrowRight size={12} />}
                            onClick={() => setMoving(row)}
                          >
                            {t('workflows.moveTo', { column: columns[index + 1]?.name ?? '' })}
                          </Button>
                        </Box>
                      )}
                    </Card>
                  ))}
                  {(byColumn[index]?.length ?? 0) === 0 && (
                    <Text size="xs" c="dimmed" ta="center" py="md">
                      {t('workflows.emptyColumn')}
                    </Text>
                  )}
                </Stack>
              </Paper>
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
            void forms.refetch();
          }}
          onStale={() => {
            setMoving(null);
            void forms.refetch();
          }}
        />
      )}
    </FormFieldEnvProvider>
  );
}
