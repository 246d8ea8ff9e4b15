import type { Link, LinkState } from '@formwork/shared/schemas/links';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Menu,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconPlus, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useArchiveAndDelete } from '../../../components/ui/archive-delete.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useCreateLink, useDeleteLink, useLinkableTemplates, useSetLinkState, useTeamLinks } from '../api/links.ts';
import { LinkCreateModal } from './link-create-modal.tsx';
import { LinkEmbed } from './link-embed.tsx';
import { LinkPoster, linkUrl } from './link-poster.tsx';

/**
 * A team's submission links (issue 21; spec 3, 4.1): its controllers see the active and archived
 * links, make new ones, archive, restore and delete them. The route shows it only to those with
 * `link.manage` on the team.
 */
export function LinksPage({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const dates = useDateText();
  const [state, setState] = useState<LinkState>('active');
  const links = useTeamLinks(teamId, state);
  const templates = useLinkableTemplates(teamId);
  const create = useCreateLink(teamId);
  const changeState = useSetLinkState(teamId);
  const remove = useDeleteLink(teamId);
  const [creating, setCreating] = useState(false);
  const [poster, setPoster] = useState<Link | null>(null);
  const [embedding, setEmbedding] = useState<Link | null>(null);
  const rows = links.data ?? [];

  const {
    changeState: setLinkState,
    confirmArchive,
    confirmDelete,
    confirmModal,
  } = useArchiveAndDelete<Link>('links', {
    setState: (link, to) => changeState.mutateAsync({ linkId: link.id, state: to }),
    remove: (link) => remove.mutateAsync(link.id),
    busy: changeState.isPending || remove.isPending,
  });

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {t('links.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('links.subtitle')}
          </Text>
        </Stack>
        <Group>
          <SegmentedControl
            aria-label={t('links.stateFilter')}
            value={state}
            onChange={(value) => setState(value as LinkState)}
            data={[
              { value: 'active', label: t('links.active') },
              { value: 'archived', label: t('links.archivedView') },
            ]}
          />
          {state === 'active' ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('links.create')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {links.isPending ? (
        <Center mih="30vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : links.isError ? (
        <Text c="red">{t('links.loadFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t(state === 'active' ? 'links.empty' : 'links.emptyArchived')}</Text>
      ) : (
        <Table striped highlightOnHover aria-label={t('links.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('links.name')}</Table.Th>
              <Table.Th>{t('links.kind')}</Table.Th>
              <Table.Th>{t('links.templates')}</Table.Th>
              <Table.Th>{t('links.submissions')}</Table.Th>
              <Table.Th>{t('links.expires')}</Table.Th>
              <Table.Th aria-label={t('links.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>{link.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={link.kind === 'single' ? 'grape' : 'blue'}>
                    {t(`links.kinds.${link.kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={link.templates.map((tpl) => tpl.name).join(', ')}>
                    {link.templates.map((tpl) => tpl.name).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {link.kind === 'single'
                    ? t('links.countOf', { count: link.submissionCount, max: 1 })
                    : link.maxSubmissions === null
                      ? link.submissionCount
                      : t('links.countOf', { count: link.submissionCount, max: link.maxSubmissions })}
                </Table.Td>
                <Table.Td>{link.expiresAt ? dates.instant(link.expiresAt) : t('links.never')}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {link.state === 'active' && (
                      <>
                        <CopyButton value={linkUrl(link.token)} timeout={2000}>
                          {({ copied, copy }) => (
                            <Tooltip label={copied ? t('links.copied') : t('links.copyUrl')} withArrow>
                              <ActionIcon
                                variant="subtle"
                                color={copied ? 'teal' : 'gray'}
                                aria-label={t('links.copyUrlFor', { name: link.name })}
                                onClick={copy}
                              >
                                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </CopyButton>
                        <Tooltip label={t('links.poster.open')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('links.poster.openFor', { name: link.name })}
                            onClick={() => setPoster(link)}
                          >
                            <IconQrcode size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t('links.actionsFor', { name: link.name })}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {link.state === 'active' && (
                          <Menu.Item onClick={() => setEmbedding(link)}>{t('links.embed.open')}</Menu.Item>
                        )}
                        {link.state === 'active' ? (
                          <Menu.Item onClick={() => confirmArchive(link)}>{t('links.archive')}</Menu.Item>
                        ) : (
                          <Menu.Item onClick={() => void setLinkState(link, 'active')}>{t('links.restore')}</Menu.Item>
                        )}
                        <Menu.Item color="red" onClick={() => confirmDelete(link)}>
                          {t('links.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {creating ? (
        <LinkCreateModal
          opened
          templates={templates.data ?? []}
          onSubmit={(body) =>
            create.mutateAsync(body).then((link) => showToast('success', t('links.created', { name: link.name })))
          }
          onClose={() => setCreating(false)}
        />
      ) : null}
      {poster ? <LinkPoster name={poster.name} token={poster.token} onClose={() => setPoster(null)} /> : null}
      {embedding ? (
        <LinkEmbed teamId={teamId} name={embedding.name} token={embedding.token} onClose={() => setEmbedding(null)} />
      ) : null}
      {confirmModal}
    </Stack>
  );
}
