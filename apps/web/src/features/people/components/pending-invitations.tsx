import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  useCopyInvitationLink,
  usePendingInvitations,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/users.ts';
import { levelKey, type UsersFolder } from '../users-folder.ts';

/** Issue 16.2: pending invitations of the folder and below, with delivery status, resend, copy link and revoke. */
export function PendingInvitations({ folder }: { folder: UsersFolder }) {
  const { t, i18n } = useTranslation();
  const invitations = usePendingInvitations(folder.folderId, true);
  const resend = useResendInvitation(folder.folderId);
  const revoke = useRevokeInvitation(folder.folderId);
  const copyLink = useCopyInvitationLink(folder.folderId);
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  const copy = (invitationId: string) =>
    copyLink.mutate(invitationId, {
      onSuccess: async (url) => {
        try {
          await navigator.clipboard.writeText(url);
          showToast('success', t('users.linkCopied'));
        } catch {
          // No clipboard (an insecure page): show the link to copy by hand.
          showToast('info', url);
        }
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {t('users.pendingTitle')}
      </Title>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={t('users.pendingTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.columns.level')}</Table.Th>
                <Table.Th>{t('users.columns.type')}</Table.Th>
                <Table.Th>{t('users.columns.inviteStatus')}</Table.Th>
                <Table.Th>{t('users.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((invitation) => (
                <Table.Tr key={invitation.invitationId}>
                  <Table.Td>
                    <Text size="sm">{invitation.email}</Text>
                    <Text size="xs" c="dimmed">
                      {t('users.expires', { date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(levelKey(invitation.folderKind, invitation.role))}</Text>
                    {invitation.folderId !== folder.folderId && (
                      <Text size="xs" c="dimmed">
                        {t('users.grantedAt', { folder: invitation.folderName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`users.types.${invitation.userType}`)}</Table.Td>
                  <Table.Td>
                    <Tooltip label={invitation.deliveryError} disabled={!invitation.deliveryError}>
                      <Badge
                        variant="light"
                        color={
                          invitation.status === 'expired'
                            ? 'gray'
                            : invitation.delivery === 'failed'
                              ? 'red'
                              : invitation.delivery === 'sent'
                                ? 'green'
                                : 'yellow'
                        }
                      >
                        {invitation.status === 'expired'
                          ? t('users.inviteStatuses.expired')
                          : t(`users.deliveries.${invitation.delivery}`)}
                      </Badge>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() =>
                          resend.mutate(invitation.invitationId, {
                            onSuccess: () => showToast('success', t('users.resent')),
                          })
                        }
                      >
                        {t('users.resend')}
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => copy(invitation.invitationId)}>
                        {t('users.copyLink')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          revoke.mutate(invitation.invitationId, {
                            onSuccess: () => showToast('success', t('users.revoked')),
                          })
                        }
                      >
                        {t('users.revoke')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
