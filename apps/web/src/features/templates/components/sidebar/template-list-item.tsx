import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { Checkbox, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { toggleBulk } from '../../model/bulk.ts';
import { TemplateRowMenu } from '../template-row-menu.tsx';

/** A template in the sidebar, under a tab or untagged: its name, deployed mark and menu (or a checkbox in bulk mode). */
export function TemplateListItem({
  page,
  template: tpl,
  contextTabId,
}: {
  page: TemplatesPageModel;
  template: TemplateSummary;
  contextTabId: string | null;
}) {
  const { t } = useTranslation();
  const { bulk, setBulk } = page.selection;
  const selecting = bulk?.kind === 'templates';
  const toggle = () => setBulk((b) => toggleBulk(b, 'templates', tpl.templateId));
  return (
    <Group gap={4} wrap="nowrap" py={2} data-template-row={tpl.templateId}>
      {selecting && (
        <Checkbox
          size="xs"
          checked={bulk.ids.has(tpl.templateId)}
          onChange={toggle}
          aria-label={t('templates.selectOne', { name: tpl.name })}
        />
      )}
      <UnstyledButton
        style={{ flex: 1, minWidth: 0 }}
        onClick={() => (selecting ? toggle() : page.nav.openTemplate(tpl))}
      >
        <Text size="sm" truncate="end" maw={185} title={tpl.name}>
          {tpl.name}
        </Text>
      </UnstyledButton>
      {tpl.isDeployed && (
        <Tooltip
          label={
            page.rights.isLibrary
              ? t('templates.deployedTo', { count: tpl.deployedTeamIds.length })
              : t('templates.fromLibrary')
          }
        >
          <IconWorld size={14} color="var(--mantine-color-dimmed)" aria-label={t('templates.deployedBadge')} />
        </Tooltip>
      )}
      {!selecting && <TemplateRowMenu page={page} template={tpl} contextTabId={contextTabId} />}
    </Group>
  );
}
