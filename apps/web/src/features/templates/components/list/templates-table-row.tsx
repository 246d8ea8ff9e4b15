import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { templateTypeLabels } from '@formwork/shared/templates/template-definition';
import { Anchor, Checkbox, Group, Table, Text } from '@mantine/core';
import { ColourBadge } from '../../../../components/ui/colour-badge.tsx';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { toggleBulk } from '../../model/bulk.ts';
import { TemplateRowMenu } from '../template-row-menu.tsx';

/** One template of the table; in bulk mode a checkbox instead of its menu. */
export function TemplatesTableRow({ page, template: tpl }: { page: TemplatesPageModel; template: TemplateSummary }) {
  const { t } = useTranslation();
  const { view, rights, nav } = page;
  const { bulk, setBulk } = page.selection;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {bulk?.kind === 'templates' && (
            <Checkbox
              size="xs"
              checked={bulk.ids.has(tpl.templateId)}
              onChange={() => setBulk((b) => toggleBulk(b, 'templates', tpl.templateId))}
              aria-label={t('templates.selectOne', { name: tpl.name })}
            />
          )}
          <Anchor component="button" size="sm" fw={500} ta="left" onClick={() => nav.openTemplate(tpl)}>
            {tpl.name}
          </Anchor>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {tpl.templateCode}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`templates.types.${tpl.type}`, { defaultValue: templateTypeLabels[tpl.type] })}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {view.serverTabs
            .filter((tab) => tpl.tabIds.includes(tab.id))
            .map((tab) => (
              <ColourBadge key={tab.id} size="sm" colour={tab.style}>
                {tab.name}
              </ColourBadge>
            ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {rights.isLibrary
            ? t('templates.teamsCount', { count: tpl.deployedTeamIds.length })
            : tpl.isCompany
              ? t('templates.fromLibrary')
              : t('templates.teamOwn')}
        </Text>
      </Table.Td>
      <Table.Td>
        {bulk?.kind !== 'templates' && (
          <TemplateRowMenu page={page} template={tpl} contextTabId={view.currentTab?.id ?? null} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
