import { fieldValueText } from '@formwork/shared/forms/value-text';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormVersion, fetchFormVersion, useFormHistory } from '../api/forms.ts';

/** The history of a form: every change, newest first; one version's values on demand. */
export function FormHistory({
  opened,
  onClose,
  teamId,
  formId,
  definition,
  meId,
}: {
  opened: boolean;
  onClose: () => void;
  teamId: string;
  formId: string;
  definition: TemplateDefinition;
  meId: string;
}) {
  const { t } = useTranslation();
  const history = useFormHistory(teamId, formId, opened);
  const [shown, setShown] = useState<FormVersion | null>(null);
  const [loading, setLoading] = useState<number | null>(null);

  const open = async (version: number) => {
    setLoading(version);
    try {
      setShown(await fetchFormVersion(teamId, formId, version));
    } finally {
      setLoading(null);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title={t('forms.history')} position="right" size="md">
      {history.isPending ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs">
          {history.data?.versions.map((v) => (
            <Group key={v.version} justify="space-between" wrap="nowrap" data-version={v.version}>
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {t('forms.versionBadge', { version: v.version })}
                  </Text>
                  <Badge size="xs" variant="light">
                    {t(`forms.changes.${v.change}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {new Date(v.savedAt).toLocaleString()} · {v.savedBy === meId ? t('forms.you') : t('forms.teamUser')}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={loading === v.version}
                onClick={() => void open(v.version)}
              >
                {t('forms.view')}
              </Button>
            </Group>
          ))}
          {shown && (
            <Stack gap={4} mt="md">
              <Text fw={600} size="sm">
                {t('forms.versionValues', { version: shown.version })}
              </Text>
              <Table withTableBorder fz="xs">
                <Table.Tbody>
                  {definition.fields
                    .filter((f) => shown.values[f.id] !== undefined)
                    .map((f) => (
                      <Table.Tr key={f.id}>
                        <Table.Td fw={500}>{f.label}</Table.Td>
                        <Table.Td>{fieldValueText(f, shown.values[f.id])}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
