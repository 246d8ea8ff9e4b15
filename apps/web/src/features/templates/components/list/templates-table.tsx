import { Table } from '@mantine/core';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { TemplatesTableRow } from './templates-table-row.tsx';

/** The view's templates as a table: name, template ID, type, tabs, and deployed teams (library) or source (team). */
export function TemplatesTable({ page }: { page: TemplatesPageModel }) {
  const { t } = useTranslation();
  const { view, rights, title } = page;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing={6} aria-label={view.currentTab?.name ?? title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('templates.columns.name')}</Table.Th>
            <Table.Th>{t('templates.columns.templateId')}</Table.Th>
            <Table.Th>{t('templates.columns.type')}</Table.Th>
            <Table.Th>{t('templates.columns.tabs')}</Table.Th>
            <Table.Th>{rights.isLibrary ? t('templates.columns.deployed') : t('templates.columns.source')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.shown.map((tpl) => (
            <TemplatesTableRow key={tpl.templateId} page={page} template={tpl} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
