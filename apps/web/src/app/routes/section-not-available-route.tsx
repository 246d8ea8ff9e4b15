import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { levelKinds } from '../shell/folder-location.ts';
import { sectionKinds, sectionLabelKey, type UnbuiltSection } from '../shell/sections.ts';
import { useShellContext } from '../shell/shell-layout.tsx';

/**
 * The address of a section that is not built yet (users, lists, photos, analytics, settings):
 * the shell stays, with the folder navigated, and the page says plainly that the section is not
 * available yet, instead of a bare 404.
 */
export function SectionNotAvailableRoute({ section }: { section: UnbuiltSection }) {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  const kind = level ? levelKinds[level] : undefined;
  if (!kind || !sectionKinds[section].includes(kind)) return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  const label = t(sectionLabelKey(section, location.kind));
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {label}
        </Title>
        <Text fw={600}>{t('shell.notAvailable.title', { section: label })}</Text>
        <Text c="dimmed">{t('shell.notAvailable.body')}</Text>
        <Button component={Link} to={activityPath(location.kind, location.folderId)} mt="xs">
          {t('shell.notAvailable.back')}
        </Button>
      </Stack>
    </Center>
  );
}
