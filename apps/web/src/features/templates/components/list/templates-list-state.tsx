import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';

/** What the panel shows instead of the table: loading, the load failure, or the view's empty text. */
export function TemplatesListState({ page }: { page: TemplatesPageModel }) {
  const { t } = useTranslation();
  const { list, view, rights } = page;
  if (list.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('templates.loading')} />
      </Center>
    );
  }
  if (list.isError) return <Alert color="red">{t('templates.loadFailed')}</Alert>;
  return (
    <Alert color="gray">
      {view.currentTab ? t('tabs.empty') : rights.archivedView ? t('templates.noArchived') : t('templates.noActive')}
    </Alert>
  );
}
