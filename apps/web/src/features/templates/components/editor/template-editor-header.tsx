import { Anchor, Badge, Button, Group, Menu, Stack, Title } from '@mantine/core';
import { IconArchive, IconChevronLeft, IconCopy, IconDeviceFloppy, IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplateFolder } from '../../api/templates.ts';
import type { TemplateEditorModel } from '../../hooks/use-template-editor.ts';

/** The editor's top: back to the list, the template's name, type, version and unsaved badge; More and Save. */
export function TemplateEditorHeader({
  editor,
  folderKind,
}: {
  editor: TemplateEditorModel;
  folderKind: TemplateFolder['kind'];
}) {
  const { t } = useTranslation();
  const { draft, template, isNew, dirty } = editor;
  if (!draft) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={editor.listPath} size="xs">
          <Group gap={2}>
            <IconChevronLeft size={12} />
            {folderKind === 'company' ? t('templates.libraryTitle') : t('templates.teamTitle')}
          </Group>
        </Anchor>
        <Group gap="xs" wrap="wrap">
          <Title order={1} fz="h3" lineClamp={1}>
            {draft.name || (isNew ? t('editor.newTitle') : t('editor.untitled'))}
          </Title>
          <Badge variant="light">{t(`templates.types.${draft.type}`)}</Badge>
          {template && (
            <Badge variant="outline" color="gray">
              {t('editor.version', { version: template.currentVersion })}
            </Badge>
          )}
          {dirty && (
            <Badge color="orange" variant="light">
              {t('editor.unsaved')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Group gap="xs">
        {!isNew && (
          <Menu withinPortal position="bottom-end">
            <Menu.Target>
              <Button variant="default" size="sm" rightSection={<IconDots size={14} />}>
                {t('editor.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => editor.setCloning(true)}>
                {t('editor.clone')}
              </Menu.Item>
              {editor.canArchive && (
                <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => editor.askState('archive')}>
                  {t('templates.archive')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={editor.saving}
          disabled={!isNew && !dirty}
          onClick={() => void editor.runSave()}
        >
          {t('editor.save')}
        </Button>
      </Group>
    </Group>
  );
}
