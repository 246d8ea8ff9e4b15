import { Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { ActivityFeed } from '../../features/activity/components/activity-feed.tsx';
import { teamFormsPath } from '../../lib/form-paths.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { levelKinds } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';
import { activityLink } from './activity-links.ts';

/** /home/{level}/{id}/activity: what happened in the folder and below, newest first. */
export function FolderActivityRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  if (!level || !levelKinds[level]) return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  }
  const { location } = result;
  const name =
    location.kind === 'team'
      ? location.teamName
      : location.kind === 'project'
        ? location.projectName
        : t('shell.homeFolder');
  return (
    <Stack gap="md" maw={920} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} fz="h3">
              {name}
            </Title>
            {location.state === 'archived' && <Badge color="gray">{t('folders.archivedBadge')}</Badge>}
          </Group>
          <Text c="dimmed" size="sm">
            {t(`activity.subtitle.${location.kind}`, { company: location.companyName })}
          </Text>
        </Stack>
        {/* The team's forms, one tap away on a phone too (the top bar's links are desktop-only). */}
        {location.kind === 'team' && (
          <Button
            component={Link}
            to={teamFormsPath(location.folderId)}
            variant="light"
            leftSection={<IconForms size={16} />}
            hiddenFrom="md"
            style={{ flexShrink: 0 }}
          >
            {t('shell.forms')}
          </Button>
        )}
      </Group>
      <ActivityFeed key={location.folderId} kind={location.kind} folderId={location.folderId} linkFor={activityLink} />
    </Stack>
  );
}
