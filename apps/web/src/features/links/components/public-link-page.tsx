import type { Field } from '@formwork/shared/fields/field';
import type { LinkUploadedFile, LinkUploadGrant, PublicLink } from '@formwork/shared/schemas/links';
import { type TemplateDefinition, templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
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
import { usePendingUploads, useTrackedEnv } from '../../../components/form-fields/pending-uploads.ts';
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
  requestUploadGrant,
  type Submitted,
  unavailableReason,
  uploadThroughLink,
  usePublicLink,
  useSubmitThroughLink,
} from '../api/public-link.ts';
import { EmbeddedFrame } from './embedded-frame.ts';

type LinkTemplate = PublicLink['templates'][number];

/**
 * The fields a link cannot fill (issue 21): the submitter must not learn the workspace's people or
 * forms, and approval signatures are the workspace people's, so the server refuses values naming
 * them; the page says so. Photos, sketches and signatures are uploaded through the link.
 */
const notThroughLink: ReadonlySet<Field['type']> = new Set<Field['type']>([
  'approvalSignature',
  'person',
  'singlePerson',
  'relationship',
]);

const fileFieldTypes: ReadonlySet<string> = new Set(['photos', 'sketch', 'signature', 'manualSignature']);
const fileCellTypes: ReadonlySet<string> = new Set(['photo', 'signature', 'manualSignature']);

/** Whether filling the template may upload files (a photo, sketch or signature field or table cell). */
function takesFiles(definition: TemplateDefinition): boolean {
  return definition.fields.some(
    (f) =>
      fileFieldTypes.has(f.type) ||
      ('columns' in f && Array.isArray(f.columns) && f.columns.some((c) => fileCellTypes.has(c.cellType))),
  );
}

type GetAnswer = () => Promise<string | undefined>;

/**
 * Uploads of one fill through the link (issue 21): a grant for this fill's form id, asked after
 * the human check once and again when the server no longer takes it (it answers 404 then; a link
 * really gone answers the grant request 404 or 410). Uploaded files are shown from the page's own
 * copy: the submitter cannot download the workspace's files.
 */
function linkUploader(token: string, formId: string, answer: () => GetAnswer) {
  let grant: Promise<LinkUploadGrant> | null = null;
  const copies = new Map<string, Blob>();
  const granted = async (renew: boolean): Promise<string> => {
    if (renew || !grant) {
      const asked = answer()().then((humanCheck) => {
        if (!humanCheck) throw new Error('The human check is not passed yet');
        return requestUploadGrant(token, { formId, humanCheck });
      });
      grant = asked;
      asked.catch(() => {
        if (grant === asked) grant = null;
      });
    }
    const current = await grant;
    if (!renew && Date.parse(current.expiresAt) - Date.now() < 60_000) return granted(true);
    return current.grant;
  };
  const upload: FormFieldEnv['upload'] = async (purpose, file) => {
    let made: LinkUploadedFile;
    try {
      made = await uploadThroughLink(token, await granted(false), purpose, file);
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      made = await uploadThroughLink(token, await granted(true), purpose, file);
    }
    copies.set(made.fileId, file);
    return { fileId: made.fileId, url: made.fileId };
  };
  return {
    upload,
    fileUrl: (fileId: string) => fileId,
    loadFile: async (fileId: string) => copies.get(fileId) ?? new Blob(),
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
  // The idempotency key: made once for this fill, sent again by every retry of its submit.
  const [formId] = useState(newId);
  const [submitterName, setSubmitterName] = useState('');
  const [submitterEmail, setSubmitterEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useRef<GetAnswer>(async () => undefined);
  const onAnswer = useCallback((get: GetAnswer) => {
    answer.current = get;
  }, []);
  const [uploader] = useState(() => linkUploader(token, formId, () => answer.current));
  const signerName = submitterName.trim();
  const linkEnv = useMemo<FormFieldEnv>(
    () => ({
      blocked: false,
      ...uploader,
      people: [],
      signerName,
      teamId: '',
      useRelatedForms: () => ({ options: [], loading: false }),
      meta: {},
    }),
    [uploader, signerName],
  );
  const uploads = usePendingUploads();
  const env = useTrackedEnv(linkEnv, uploads);
  const checkFirst = useMemo(() => takesFiles(definition), [definition]);
  const submit = useSubmitThroughLink(token);
  const lockedReason = useCallback(
    (field: Field) => (notThroughLink.has(field.type) ? t('links.public.notThroughLink') : undefined),
    [t],
  );

  const onSubmit = async () => {
    setFailure(null);
    fill.attempt();
    // A signature or photo still uploading is part of the submission: wait for it.
    await uploads.settled();
    const validation = fill.validateLatest();
    const next: Record<string, string> = {};
    if (link.askSubmitterName && !submitterName.trim()) next.submitterName = t('links.public.nameRequired');
    if (link.askSubmitterEmail && !submitterEmail.trim()) next.submitterEmail = t('links.public.emailRequired');
    setErrors(next);
    if (validation.errors.length > 0) {
      setFailure(t('forms.formInvalid'));
      const first = validation.errors[0];
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
        values: validation.values,
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

  const humanCheck = (
    <HumanCheckWidget
      config={{ humanCheck: link.humanCheck, recaptchaSiteKey: link.recaptchaSiteKey }}
      onAnswer={onAnswer}
      challengeUrl={linkChallengeUrl(token)}
    />
  );

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
        {checkFirst && (
          // Photos and signatures are uploaded as they are added, after the human check: it comes first.
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="xs">
              {link.humanCheck === 'altcha' && (
                <Text size="sm" c="dimmed">
                  {t('links.public.checkFirst')}
                </Text>
              )}
              {humanCheck}
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <FormRenderer definition={definition} mode="fill" fill={fill} lockedReason={lockedReason} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            {!checkFirst && humanCheck}
            {failure && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void onSubmit()} loading={submit.isPending || uploads.waiting} miw={120}>
                {t('links.public.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </FormFieldEnvProvider>
  );
}
