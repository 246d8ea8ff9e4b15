import type { TemplateListState } from '@formwork/shared/schemas/templates';
import { Box, Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { BulkBar } from './bulk-bar.tsx';
import { SidebarHeaderMenu } from './sidebar-header-menu.tsx';
import { TabList } from './tab-list.tsx';
import { TemplateListItem } from './template-list-item.tsx';

/** The templates sidebar (spec 2.5): header menu, Active/Archived, bulk bar, All Templates, the tabs, untagged templates. */
export function TemplatesSidebar({ page }: { page: TemplatesPageModel }) {
  const { t } = useTranslation();
  const { title, state, tabId, view, nav } = page;
  return (
    <Paper withBorder p="xs" w={{ base: '100%', sm: 300 }} style={{ flexShrink: 0 }} component="nav" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm" tt="uppercase" c="dimmed">
            {t('templates.sidebarHeader')}
          </Text>
          <SidebarHeaderMenu page={page} />
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('templates.stateToggle')}
          value={state}
          onChange={(value) => nav.goTo(undefined, value as TemplateListState)}
          data={[
            { value: 'active', label: t('templates.active') },
            { value: 'archived', label: t('templates.archived') },
          ]}
        />
        <BulkBar page={page} />
        <UnstyledButton
          onClick={() => nav.goTo()}
          px={6}
          py={4}
          style={{ borderRadius: 6, background: !tabId ? 'var(--mantine-color-blue-light)' : undefined }}
          aria-current={!tabId ? 'page' : undefined}
        >
          <Group gap={6}>
            <IconLayoutList size={16} />
            <Text size="sm" fw={500}>
              {t('templates.allTemplates')}
            </Text>
            <Text size="xs" c="dimmed">
              {view.templates.length}
            </Text>
          </Group>
        </UnstyledButton>
        <TabList page={page} />
        {view.untagged.length > 0 && (
          <Stack gap={0} mt={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6}>
              {t('templates.untagged')}
            </Text>
            <Box pl={6}>
              {view.untagged.map((tpl) => (
                <TemplateListItem key={`null:${tpl.templateId}`} page={page} template={tpl} contextTabId={null} />
              ))}
            </Box>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
