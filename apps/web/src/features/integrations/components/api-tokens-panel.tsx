import type { ApiToken } from '@formwork/shared/schemas/api-tokens';
import { Badge, Button, Center, Code, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';
import { ApiTokenCreateModal } from './api-token-create-modal.tsx';

/**
 * The signed-in person's API tokens (issue 24.2): each with its access, expiry and last use; make
 * one (its secret is shown once) or revoke one, which stops it at once.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation();
  const dates = useDateText();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const now = Date.now();

  const confirmRevoke = (token: ApiToken) =>
    setConfirmation({
      title: t('integrations.tokens.revokeTitle'),
      body: t('integrations.tokens.revokeBody', { name: token.name }),
      confirmLabel: t('integrations.tokens.revoke'),
      danger: true,
      onConfirm: async () => {
        try {
          await revoke.mutateAsync(token.tokenId);
          showToast('success', t('integrations.tokens.revoked', { name: token.name }));
        } catch (error) {
          showToast('error', problemMessage(error, t));
        }
        setConfirmation(null);
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {t('integrations.tokens.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('integrations.tokens.new')}
        </Button>
      </Group>
      {tokens.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : tokens.isError ? (
        <Text c="red" role="alert">
          {problemMessage(tokens.error, t)}
        </Text>
      ) : tokens.data.length === 0 ? (
        <Text c="dimmed">{t('integrations.tokens.empty')}</Text>
      ) : (
        <Table striped withTableBorder aria-label={t('integrations.tokens.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integrations.tokens.name')}</Table.Th>
              <Table.Th>{t('integrations.tokens.access')}</Table.Th>
              <Table.Th>{t('integrations.tokens.expires')}</Table.Th>
              <Table.Th>{t('integrations.tokens.lastUsed')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('integrations.tokens.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => {
              const expired = Date.parse(token.expiresAt) <= now;
              return (
                <Table.Tr key={token.tokenId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {token.name}
                    </Text>
                    <Code>{`${token.hint}…`}</Code>
                  </Table.Td>
                  <Table.Td>{t(`integrations.tokens.accesses.${token.access}`)}</Table.Td>
                  <Table.Td>
                    {expired ? (
                      <Badge color="gray" variant="light">
                        {t('integrations.tokens.expired')}
                      </Badge>
                    ) : (
                      dates.instant(token.expiresAt)
                    )}
                  </Table.Td>
                  <Table.Td>
                    {token.lastUsedAt ? dates.instant(token.lastUsedAt) : t('integrations.tokens.neverUsed')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => confirmRevoke(token)}
                      aria-label={t('integrations.tokens.revokeNamed', { name: token.name })}
                    >
                      {t('integrations.tokens.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {creating ? (
        <ApiTokenCreateModal onSubmit={(body) => create.mutateAsync(body)} onClose={() => setCreating(false)} />
      ) : null}
      <ConfirmModal confirmation={confirmation} busy={revoke.isPending} onClose={() => setConfirmation(null)} />
    </Stack>
  );
}
