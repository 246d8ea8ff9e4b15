import type { Field } from '@formwork/shared/fields/field';
import type { PublicLink } from '@formwork/shared/schemas/links';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type FormFieldEnv, FormFieldEnvProvider } from '../../../components/form-fields/field-context.tsx';
import { initialValues, useFormFill } from '../../../components/form-fields/form-fill.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { HumanCheckWidget } from '../../../components/human-check/human-check-widget.tsx';
import { newId } from '../../../lib/form-paths.ts';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useDocumentTitle, useRobots } from '../../../lib/robots.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type LinkUnavailable,
  linkChallengeUrl,
  receiptPdfUrl,
  type Submitted,
  unavailableReason,
  usePublicLink,
  useSubmitThroughLink,
} from '../api/public-link.ts';
import { EmbeddedFrame } from './embedded-frame.ts';

type LinkTemplate = PublicLink['templates'][number];

/**
 * The fields a link cannot fill (issue 21): the submitter uploads no files and must not learn the
 * workspace's people or forms, so the server refuses values naming them; the page says so.
 */
const notThroughLink: ReadonlySet<Field['type']> = new Set<Field['type']>([
  'signature',
  'manualSignature',
  'approvalSignature',
  'sketch',
  'photos',
  'person',
  'singlePerson',
  'relationship',
]);

/** What the field components get on the public page: no uploads, no people, no lists or related forms. */
function publicEnv(meta: FormFieldEnv['meta']): FormFieldEnv {
  return {
    blocked: true,
    upload: async () => {
      throw new Error('No uploads through a link');
    },
    fileUrl: () => '',
    loadFile: async () => new Blob(),
    people: [],
    signerName: '',
    teamId: '',
    useRelatedForms: () => ({ options: [], loading: false }),
    meta,
  };
}

function PublicFrame({ children }: { children: React.ReactNode }) {
  const embedded = useContext(EmbeddedFrame);
  if (embedded) return <Box p={{ base: 'xs', sm: 'sm' }}>{children}</Box>;
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: 'md', sm: 'xl' }}>
      <Container size={860} px={{ base: 'xs', sm: 'md' }}>
        {children}
      </Container>
    </Box>
  );
}

/** The clear page of a link that takes no submissions: unknown (or archived), expired, used or full. */
function Unavailable({ reason }: { reason: LinkUnavailable }) {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Center mih="60vh">
        <Stack align="center" gap="sm" maw={480} ta="center">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" />
          <Title order={1} fz="h3">
            {t(`links.public.unavailable.${reason}.title`)}
          </Title>
          <Text c="dimmed">{t(`links.public.unavailable.${reason}.body`)}</Text>
        </Stack>
      </Center>
    </PublicFrame>
  );
}

/** `s/{token}` (issue 21): anyone with the address picks a template, fills it and submits, no account. */
export function PublicLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  useRobots('noindex,nofollow');
  const link = usePublicLink(token);
  const [picked, setPicked] = useState<LinkTemplate | null>(null);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [closed, setClosed] = useState<LinkUnavailable | null>(null);
  // A new fill (another submission through an ongoing link) starts afresh.
  const [round, setRound] = useState(0);
  useDocumentTitle(link.data?.name ?? t('links.public.pageTitle'));

  if (link.isPending) {
    return (
      <PublicFrame>
        <Center mih="60vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      </PublicFrame>
    );
  }
  if (link.isError) return <Unavailable reason={unavailableReason(link.error)} />;
  if (closed) return <Unavailable reason={closed} />;
  const data = link.data;
  const only = data.templates.length === 1 ? data.templates[0] : undefined;
  const template = picked ?? only ?? null;

  if (submitted) {
    return (
      <PublicFrame>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="md" ta="center">
            <IconCircleCheck size={48} color="var(--mantine-color-green-6)" />
            <Title order={1} fz="h3">
              {t('links.public.submittedTitle')}
            </Title>
            <Text c="dimmed">{t('links.public.submittedBody', { name: data.name })}</Text>
            <Button
              component="a"
              href={receiptPdfUrl(token, submitted, browserTimeZone())}
              download
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
            >
              {t('links.public.downloadPdf')}
            </Button>
            {data.kind === 'ongoing' && (
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  setSubmitted(null);
                  setPicked(null);
                  setRound((r) => r + 1);
                }}
              >
                {t('links.public.submitAnother')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h3">
            {data.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('links.public.intro')}
          </Text>
        </Stack>
        {template ? (
          <PublicFill
            key={`${template.id}:${round}`}
            token={token}
            link={data}
            template={template}
            onBack={only ? undefined : () => setPicked(null)}
            onSubmitted={setSubmitted}
            onClosed={setClosed}
          />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz="h5">
                {t('links.public.pickTemplate')}
              </Title>
              {data.templates.map((tpl) => (
                <UnstyledButton
                  key={tpl.id}
                  onClick={() => setPicked(tpl)}
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Text fw={500}>{tpl.name}</Text>
                </UnstyledButton>
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
    </PublicFrame>
  );
}

function PublicFill({
  token,
  link,
  template,
  onBack,
  onSubmitted,
  onClosed,
}: {
  token: string;
  link: PublicLink;
  template: LinkTemplate;
  onBack: (() => void) | undefined;
  onSubmitted: (s: Submitted) => void;
  onClosed: (reason: LinkUnavailable) => void;
}) {
  const { t } = useTranslation();
  // The template's current definition as stored (defaults filled in as the editor saves them).
  const definition = useMemo(() => templateDefinitionSchema.parse(template.definition), [template.definition]);
  const start = useMemo(() => initialValues(definition), [definition]);
  const fill = useFormFill(definition, start, template.type !== 'workflow');
  const env = useMemo(() => publicEnv({}), []);
  // The idempotency key: made once for this fill, sent again by every retry of its submit.
  const [formId] = useState(newId);
  const [submitterName, setSubmitterName] = useState('');
  const [submitterEmail, setSubmitterEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useRef<() => Promise<string | undefined>>(async () => undefined);
  const onAnswer = useCallback((get: () => Promise<string | undefined>) => {
    answer.current = get;
  }, []);
  const submit = useSubmitThroughLink(token);
  const lockedReason = useCallback(
    (field: Field) => (notThroughLink.has(field.type) ? t('links.public.notThroughLink') : undefined),
    [t],
  );

  const onSubmit = async () => {
    setFailure(null);
    fill.attempt();
    const next: Record<string, string> = {};
    if (link.askSubmitterName && !submitterName.trim()) next.submitterName = t('links.public.nameRequired');
    if (link.askSubmitterEmail && !submitterEmail.trim()) next.submitterEmail = t('links.public.emailRequired');
    setErrors(next);
    if (fill.validation.errors.length > 0) {
      setFailure(t('forms.formInvalid'));
      const first = fill.validation.errors[0];
      if (first)
        document
          .querySelector(`[data-field-id="${CSS.escape(first.fieldId)}"]`)
          ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    if (Object.keys(next).length > 0) return;
    const humanCheck = await answer.current();
    if (!humanCheck) {
      setFailure(t('links.public.humanCheckRequired'));
      return;
    }
    try {
      const made = await submit.mutateAsync({
        formId,
        templateId: template.id,
        values: fill.validation.values,
        humanCheck,
        ...(link.askSubmitterName ? { submitterName: submitterName.trim() } : {}),
        ...(link.askSubmitterEmail ? { submitterEmail: submitterEmail.trim() } : {}),
      });
      onSubmitted(made);
    } catch (error) {
      if (
        error instanceof HttpError &&
        (error.status === 410 || error.status === 404) &&
        error.code !== 'formTemplateUnavailable'
      ) {
        onClosed(unavailableReason(error));
        return;
      }
      const fields = error instanceof HttpError ? (error.problem?.errors ?? []) : [];
      const named: Record<string, string> = {};
      for (const f of fields) {
        if (f.path === 'body.submitterName') named.submitterName = f.message;
        if (f.path === 'body.submitterEmail') named.submitterEmail = f.message;
      }
      setErrors(named);
      if (fields.some((f) => f.path === 'body.humanCheck')) setFailure(t('links.public.humanCheckFailed'));
      else if (error instanceof HttpError && error.status === 429) setFailure(t('links.public.tooMany'));
      else setFailure(problemMessage(error, t));
    }
  };

  return (
    <FormFieldEnvProvider value={env}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {template.name}
          </Title>
          {onBack && (
            <Button variant="subtle" onClick={onBack}>
              {t('links.public.otherTemplate')}
            </Button>
          )}
        </Group>
        {(link.askSubmitterName || link.askSubmitterEmail) && (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              {link.askSubmitterName && (
                <TextInput
                  label={t('links.public.yourName')}
                  required
                  maxLength={200}
                  value={submitterName}
                  onChange={(e) => setSubmitterName(e.currentTarget.value)}
                  error={errors.submitterName}
                />
              )}
              {link.askSubmitterEmail && (
                <TextInput
                  label={t('links.public.yourEmail')}
                  type="email"
                  required
                  maxLength={254}
                  value={submitterEmail}
                  onChange={(e) => setSubmitterEmail(e.currentTarget.value)}
                  error={errors.submitterEmail}
                />
              )}
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <FormRenderer definition={definition} mode="fill" fill={fill} lockedReason={lockedReason} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <HumanCheckWidget
              config={{ humanCheck: link.humanCheck, recaptchaSiteKey: link.recaptchaSiteKey }}
              onAnswer={onAnswer}
              challengeUrl={linkChallengeUrl(token)}
            />
            {failure && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void onSubmit()} loading={submit.isPending} miw={120}>
                {t('links.public.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </FormFieldEnvProvider>
  );
}
