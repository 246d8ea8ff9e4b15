import { ActionIcon, Affix, Anchor, Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronDown, IconRocket, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { libraryPath, templatesPath } from '../../features/templates/template-paths.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { helpLinks } from './help-menu.tsx';

const collapsedKey = 'formwork:getting-started-collapsed';

function storedCollapsed(workspaceId: string): boolean {
  try {
    return localStorage.getItem(`${collapsedKey}:${workspaceId}`) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec 1, 2.6: the getting-started guide for free-trial users; it disappears once the account
 * moves to a paid plan (the shell stops rendering it). Folded away to a button, remembered per
 * workspace, so it never stands in the way.
 */
export function GettingStartedGuide({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => storedCollapsed(workspaceId));
  const fold = (value: boolean) => {
    setCollapsed(value);
    try {
      localStorage.setItem(`${collapsedKey}:${workspaceId}`, value ? '1' : '0');
    } catch {
      // Private mode: folded for this page only.
    }
  };
  if (collapsed) {
    return (
      <Affix position={{ bottom: 16, right: 16 }}>
        <Button
          leftSection={<IconRocket size={16} />}
          onClick={() => fold(false)}
          radius="xl"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {t('gettingStarted.open')}
        </Button>
      </Affix>
    );
  }
  const library = templatesPath('company', workspaceId);
  return (
    <Affix position={{ bottom: 16, right: 16 }} style={{ maxWidth: 'calc(100vw - 32px)' }}>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="md"
        w={320}
        maw="100%"
        component="section"
        aria-labelledby="getting-started-title"
      >
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" aria-hidden>
              <IconRocket size={16} />
            </ThemeIcon>
            <Title order={2} fz="md" id="getting-started-title">
              {t('gettingStarted.title')}
            </Title>
          </Group>
          <ActionIcon variant="subtle" color="gray" onClick={() => fold(true)} aria-label={t('gettingStarted.fold')}>
            <IconChevronDown size={18} />
          </ActionIcon>
        </Group>
        <Text size="sm" c="dimmed" mb="xs">
          {t('gettingStarted.intro')}
        </Text>
        {/* Issue 22.2: a trial starts faster from a ready template, copied into the Template Library. */}
        <Button
          component={Link}
          to={libraryPath('company', workspaceId)}
          variant="light"
          size="xs"
          fullWidth
          leftSection={<IconWorld size={14} />}
          mb="sm"
        >
          {t('gettingStarted.freeTemplate')}
        </Button>
        <List type="ordered" spacing={6} size="sm">
          <List.Item>
            <Anchor component={Link} to={library} size="sm">
              {t('gettingStarted.buildTemplate')}
            </Anchor>
          </List.Item>
          <List.Item>{t('gettingStarted.deploy')}</List.Item>
          <List.Item>{t('gettingStarted.fillForm')}</List.Item>
          <List.Item>
            <Anchor href={helpLinks.videoTutorials} target="_blank" rel="noopener noreferrer" size="sm">
              {t('gettingStarted.watch')}
            </Anchor>
          </List.Item>
        </List>
      </Paper>
    </Affix>
  );
}
