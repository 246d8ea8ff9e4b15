import type { Field } from '@formwork/shared/fields/field';
import { formatInstant } from '@formwork/shared/forms/date-text';
import { isEmptyValue } from '@formwork/shared/forms/field-values';
import { fieldValueText } from '@formwork/shared/forms/value-text';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { Alert, Badge, Button, Center, Drawer, Group, Loader, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormFieldEnvProvider, useFormFieldEnv } from '../../../components/form-fields/field-context.tsx';
import { type FormValues, useFormFill } from '../../../components/form-fields/form-fill.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useValueTextContext } from '../../../lib/value-text.ts';
import {
  type FormHistory as History,
  useFormHistory,
  useFormVersion,
  type FormVersion as Version,
} from '../api/forms.ts';

type Summary = History['versions'][number];

/** A value as comparable text: keys sorted, every kind of "not answered" alike. */
function canonical(value: unknown): string {
  if (isEmptyValue(value)) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The fields whose answer differs between two versions' values, in the template's order. */
export function changedFields(fields: readonly Field[], before: FormValues, after: FormValues): Field[] {
  return fields.filter((f) => f.type !== 'pageBreak' && canonical(before[f.id]) !== canonical(after[f.id]));
}

/**
 * A form's history: every change, newest first; a version opens as the form looked then (the
 * form renderer, read-only), with the fields that changed since the version before marked.
 */
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
  const env = useFormFieldEnv();
  const history = useFormHistory(teamId, formId, opened);
  const { locale } = useValueTextContext();
  const [shown, setShown] = useState<number | null>(null);
  const versions = history.data?.versions ?? [];
  const at = versions.findIndex((v) => v.version === shown);

  const who = (userId: string | null) =>
    userId === meId
      ? t('forms.you')
      : ((userId && env.people.find((p) => p.userId === userId)?.name) ?? t('forms.teamUser'));
  const columnName = (v: Summary) =>
    v.workflowColumn === null ? undefined : definition.workflow?.columns[v.workflowColumn]?.name;

  return (
    <Drawer
      opened={opened}
      onClose={() => {
        setShown(null);
        onClose();
      }}
      title={t('forms.history')}
      position="right"
      size={at >= 0 ? 'xl' : 'md'}
    >
      {history.isPending ? (
        <Loader size="sm" />
      ) : at >= 0 ? (
        <VersionView
          key={shown}
          teamId={teamId}
          formId={formId}
          definition={definition}
          summary={versions[at] as Summary}
          previous={versions[at + 1]?.version ?? null}
          savedBy={who(versions[at]?.savedBy ?? null)}
          column={columnName(versions[at] as Summary)}
          onBack={() => setShown(null)}
          onOlder={at + 1 < versions.length ? () => setShown(versions[at + 1]?.version ?? null) : undefined}
          onNewer={at > 0 ? () => setShown(versions[at - 1]?.version ?? null) : undefined}
        />
      ) : (
        <Stack gap={0}>
          {versions.map((v) => (
            <NavLink
              key={v.version}
              component="button"
              data-version={v.version}
              onClick={() => setShown(v.version)}
              label={
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {t('forms.versionBadge', { version: v.version })}
                  </Text>
                  <Badge size="xs" variant="light" color={v.change === 'saved' ? 'blue' : 'gray'}>
                    {t(`forms.changes.${v.change}`)}
                  </Badge>
                  {columnName(v) && (
                    <Badge size="xs" variant="outline" color="gray">
                      {columnName(v)}
                    </Badge>
                  )}
                </Group>
              }
              description={`${formatInstant(v.savedAt, { locale, timeZone: history.data?.timeZone })} · ${who(v.savedBy)}`}
              rightSection={<IconChevronRight size={16} aria-hidden />}
            />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

function VersionView({
  teamId,
  formId,
  definition,
  summary,
  previous,
  savedBy,
  column,
  onBack,
  onOlder,
  onNewer,
}: {
  teamId: string;
  formId: string;
  definition: TemplateDefinition;
  summary: Summary;
  previous: number | null;
  savedBy: string;
  column: string | undefined;
  onBack: () => void;
  onOlder?: () => void;
  onNewer?: () => void;
}) {
  const { t } = useTranslation();
  const current = useFormVersion(teamId, formId, summary.version);
  const before = useFormVersion(teamId, formId, previous);
  // Actions live on the form, not in its versions.
  const shownDefinition = useMemo(
    () => ({ ...definition, fields: definition.fields.filter((f) => f.type !== 'actions') }),
    [definition],
  );
  const changed = useMemo(
    () =>
      current.data && before.data ? changedFields(shownDefinition.fields, before.data.values, current.data.values) : [],
    [shownDefinition, current.data, before.data],
  );
  const changedIds = useMemo(() => new Set(changed.map((f) => f.id)), [changed]);
  const valueText = useValueTextContext();
  // An answer as the register, exports and PDF write it, with the names the version API sends.
  const versionText = (version: Version, field: Field) =>
    fieldValueText(field, version.values[field.id], {
      ...valueText,
      timeZone: version.timeZone,
      userName: (id) => version.people[id],
      formTitle: (id) => version.formTitles[id],
    });
  // People named in the version show by name even when they are no longer offered in the team.
  const env = useFormFieldEnv();
  const versionEnv = useMemo(() => {
    const known = new Set(env.people.map((p) => p.userId));
    const named = Object.entries(current.data?.people ?? {})
      .filter(([userId]) => !known.has(userId))
      .map(([userId, name]) => ({ userId, name }));
    return named.length ? { ...env, people: [...env.people, ...named] } : env;
  }, [env, current.data]);
  const loading = current.isPending || (previous !== null && before.isPending);

  return (
    <Stack gap="sm" data-version-view={summary.version}>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          {t('forms.allVersions')}
        </Button>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!onOlder}
            onClick={onOlder}
          >
            {t('forms.olderVersion')}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            rightSection={<IconChevronRight size={14} />}
            disabled={!onNewer}
            onClick={onNewer}
          >
            {t('forms.newerVersion')}
          </Button>
        </Group>
      </Group>
      <Stack gap={2}>
        <Group gap={6}>
          <Text fw={700}>{t('forms.versionBadge', { version: summary.version })}</Text>
          <Badge size="sm" variant="light" color={summary.change === 'saved' ? 'blue' : 'gray'}>
            {t(`forms.changes.${summary.change}`)}
          </Badge>
          {column && (
            <Badge size="sm" variant="outline" color="gray">
              {column}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {formatInstant(summary.savedAt, { locale: valueText.locale, timeZone: current.data?.timeZone })} · {savedBy}
        </Text>
      </Stack>
      {loading ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Center>
      ) : current.isError || !current.data ? (
        <Alert color="red">{t('errors.generic')}</Alert>
      ) : (
        <>
          {previous === null ? (
            <Alert color="gray" icon={<IconHistory size={18} />} py="xs">
              {t('forms.firstVersion')}
            </Alert>
          ) : changed.length > 0 ? (
            <Alert color="orange" icon={<IconHistory size={18} />} py="xs" data-changed-fields>
              {t('forms.changedSince', {
                count: changed.length,
                version: previous,
                fields: changed.map((f) => f.label).join(', '),
              })}
              {before.data && (
                <Stack gap={2} mt={4}>
                  {changed.map((f) => (
                    <Text size="sm" key={f.id} data-change={f.id}>
                      {t('forms.changeLine', {
                        field: f.label,
                        before: versionText(before.data, f) || t('values.noAnswer'),
                        after: versionText(current.data as Version, f) || t('values.noAnswer'),
                      })}
                    </Text>
                  ))}
                </Stack>
              )}
            </Alert>
          ) : (
            <Alert color="gray" icon={<IconHistory size={18} />} py="xs">
              {t('forms.nothingChanged', { version: previous })}
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <FormFieldEnvProvider value={versionEnv}>
              <VersionForm definition={shownDefinition} values={current.data.values} changed={changedIds} />
            </FormFieldEnvProvider>
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** The form as it was: the renderer read-only over the version's values (formulas and logic as then). */
function VersionForm({
  definition,
  values,
  changed,
}: {
  definition: TemplateDefinition;
  values: FormValues;
  changed: ReadonlySet<string>;
}) {
  const fill = useFormFill(definition, values, false);
  return <FormRenderer definition={definition} mode="fill" fill={fill} readOnly changedFieldIds={changed} />;
}
