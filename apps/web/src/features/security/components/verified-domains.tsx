import { domainMessages, domainNameSchema, type VerifiedDomain } from '@formwork/shared/schemas/domains';
import { Badge, Button, Code, CopyButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { type TFunction, useTranslation } from '../../../lib/translate.tsx';
import { useDomainActions, useDomains } from '../api/domains.ts';

/** The shared rule's message, in the reader's language (the server answers the same rule's words). */
function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  const key = (Object.keys(domainMessages) as (keyof typeof domainMessages)[]).find(
    (k) => domainMessages[k] === message,
  );
  return key ? t(`security.domains.errors.${key}`) : message;
}

/** A failed call's message for one field (its field error), else the problem's message. */
function callError(error: unknown, field: string, t: TFunction): string {
  const fieldError =
    error instanceof HttpError ? error.problem?.errors?.find((e) => e.path === `body.${field}`) : undefined;
  return fieldMessage(fieldError?.message, t) ?? problemMessage(error, t);
}

/**
 * Security > Verified domains (spec 1; issue 23.2): the org controller adds the company's e-mail
 * domains and proves each by a DNS TXT record or by a link e-mailed to an address at it. People of
 * proven domains are the workspace's contributors; visitors may not use them.
 */
export function VerifiedDomains({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const domains = useDomains(workspaceId);
  const actions = useDomainActions(workspaceId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const add = async () => {
    const parsed = domainNameSchema.safeParse(draft);
    if (!parsed.success) return setDraftError(fieldMessage(parsed.error.issues[0]?.message, t));
    try {
      await actions.add.mutateAsync(parsed.data);
      setDraft('');
      setDraftError(undefined);
    } catch (error) {
      setDraftError(callError(error, 'domain', t));
    }
  };

  const remove = (domain: string) =>
    setConfirmation({
      title: t('security.domains.removeTitle'),
      body: t('security.domains.removeBody', { domain }),
      confirmLabel: t('security.domains.remove'),
      danger: true,
      onConfirm: async () => {
        try {
          await actions.remove.mutateAsync(domain);
          setConfirmation(null);
        } catch (error) {
          showToast('error', problemMessage(error, t));
        }
      },
    });

  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="verified-domains-title" component="section">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="verified-domains-title">
          {t('security.domains.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.domains.help')}
        </Text>
        <Group align="flex-start">
          <TextInput
            label={t('security.domains.domain')}
            placeholder="example.com"
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setDraftError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void add();
            }}
            error={draftError}
            w={320}
          />
          <Button mt={25} onClick={() => void add()} loading={actions.add.isPending}>
            {t('security.domains.add')}
          </Button>
        </Group>
        {domains.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : domains.isError ? (
          <Text c="red" size="sm">
            {problemMessage(domains.error, t)}
          </Text>
        ) : domains.data.length === 0 ? (
          <Text size="sm">{t('security.domains.none')}</Text>
        ) : (
          domains.data.map((d) => (
            <DomainRow key={d.domain} domain={d} workspaceId={workspaceId} onRemove={() => remove(d.domain)} />
          ))
        )}
      </Stack>
      <ConfirmModal confirmation={confirmation} busy={actions.remove.isPending} onClose={() => setConfirmation(null)} />
    </Paper>
  );
}

function DomainRow({
  domain,
  workspaceId,
  onRemove,
}: {
  domain: VerifiedDomain;
  workspaceId: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const actions = useDomainActions(workspaceId);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ error?: string; info?: string }>({});
  const verified = domain.verifiedAt !== null;

  const check = async () => {
    try {
      await actions.checkDns.mutateAsync(domain.domain);
      setMessage({});
      showToast('success', t('security.domains.verifiedToast', { domain: domain.domain }));
    } catch (error) {
      setMessage({ error: problemMessage(error, t) });
    }
  };
  const send = async () => {
    try {
      await actions.sendLink.mutateAsync({ domain: domain.domain, email: email.trim() });
      setMessage({ info: t('security.domains.linkSent', { email: email.trim() }) });
      setEmail('');
    } catch (error) {
      setMessage({ error: callError(error, 'email', t) });
    }
  };

  return (
    <Paper withBorder p="sm" radius="sm" data-domain={domain.domain}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{domain.domain}</Text>
            {verified ? (
              <Badge color="green" variant="light">
                {t(domain.method === 'email' ? 'security.domains.verifiedByEmail' : 'security.domains.verifiedByDns')}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                {t('security.domains.pending')}
              </Badge>
            )}
          </Group>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('security.domains.remove')}
          </Button>
        </Group>
        {!verified && (
          <>
            <Text size="sm">{t('security.domains.txtHelp', { domain: domain.domain })}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code block style={{ flex: 1, overflowWrap: 'anywhere' }} data-txt-value>
                {domain.txtRecord.value}
              </Code>
              <CopyButton value={domain.txtRecord.value}>
                {({ copied, copy }) => (
                  <Button variant="default" size="xs" onClick={copy}>
                    {copied ? t('security.domains.copied') : t('security.domains.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group>
              <Button size="xs" onClick={() => void check()} loading={actions.checkDns.isPending}>
                {t('security.domains.checkDns')}
              </Button>
            </Group>
            <Text size="sm">{t('security.domains.emailHelp', { domain: domain.domain })}</Text>
            <Group align="flex-start">
              <TextInput
                aria-label={t('security.domains.emailLabel')}
                placeholder={`it@${domain.domain}`}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                w={280}
                size="xs"
              />
              <Button
                size="xs"
                variant="default"
                onClick={() => void send()}
                loading={actions.sendLink.isPending}
                disabled={!email.trim()}
              >
                {t('security.domains.sendLink')}
              </Button>
            </Group>
            {domain.emailSentTo && !message.info && (
              <Text size="sm" c="dimmed">
                {t('security.domains.linkSent', { email: domain.emailSentTo })}
              </Text>
            )}
          </>
        )}
        {message.error && (
          <Text size="sm" c="red" role="alert">
            {message.error}
          </Text>
        )}
        {message.info && (
          <Text size="sm" c="dimmed" role="status">
            {message.info}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
