import { Badge, Button, ColorSwatch, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tabColours } from '../../../../components/ui/tab-colours.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { TemplateImportsList } from '../import/template-imports-list.tsx';
import { TemplatesListState } from './templates-list-state.tsx';
import { TemplatesTable } from './templates-table.tsx';

/** The main panel: the view's title (folder or tab), Create New (and the given actions), and the view's templates. */
export function TemplatesPanel({ page, actions }: { page: TemplatesPageModel; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { title, view, rights, nav, list } = page;
  const { currentTab } = view;
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {currentTab && <ColorSwatch color={tabColours[currentTab.style]} size={16} />}
          <Title order={1} fz="h3" style={{ minWidth: 0 }} lineClamp={1}>
            {currentTab ? currentTab.name : title}
          </Title>
          {rights.archivedView && <Badge color="gray">{t('templates.archived')}</Badge>}
        </Group>
        <Group gap="xs">
          {actions}
          {rights.canEdit && !rights.archivedView && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => nav.newTemplate(currentTab?.id)}>
              {t('templates.createNew')}
            </Button>
          )}
        </Group>
      </Group>
      <TemplateImportsList folder={page.folder} enabled={rights.canEdit && !rights.archivedView} />
      {list.isPending || list.isError || view.shown.length === 0 ? (
        <TemplatesListState page={page} />
      ) : (
        <TemplatesTable page={page} />
      )}
    </Stack>
  );
}
