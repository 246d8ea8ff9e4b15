import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { onDemand } from '../../../components/ui/on-demand.tsx';
import { type TemplatesPageProps, useTemplatesPage } from '../hooks/use-templates-page.ts';
import { DeploymentDialogs } from './deployment-dialogs.tsx';
import { TemplatesPanel } from './list/templates-panel.tsx';
import { TemplatesSidebar } from './sidebar/templates-sidebar.tsx';
import type { TeamOption } from './team-options.ts';

const TemplateImportDialog = onDemand(() =>
  import('./import/template-import-dialog.tsx').then((m) => m.TemplateImportDialog),
);

type Props = TemplatesPageProps & {
  /** The company's active team folders, for deployment (composed from the folder tree in app/). */
  teams: readonly TeamOption[];
  /** More buttons beside Create New (composed in app/: a team's submission links). */
  headerActions?: ReactNode;
};

/**
 * The Template Library (company) or a team's Templates (spec 2.5): the tab sidebar with its header,
 * tab, template and bulk menus, and the list of the view (all templates, or one tab's). Side by
 * side from the small breakpoint, stacked below it.
 */
export function TemplatesPage({ teams, headerActions, ...props }: Props) {
  const page = useTemplatesPage(props);
  return (
    <>
      <Group align="flex-start" gap="md" wrap="nowrap" visibleFrom="sm">
        <TemplatesSidebar page={page} />
        <TemplatesPanel page={page} actions={headerActions} />
      </Group>
      <Stack gap="md" hiddenFrom="sm">
        <TemplatesSidebar page={page} />
        <TemplatesPanel page={page} actions={headerActions} />
      </Stack>
      <ConfirmModal confirmation={page.confirm.confirmation} busy={page.confirm.busy} onClose={page.confirm.close} />
      <DeploymentDialogs page={page} teams={teams} />
      <TemplateImportDialog
        when={page.importDialog.open}
        folder={props.folder}
        onClose={() => page.importDialog.setOpen(false)}
      />
    </>
  );
}
