import { defaultCountryCode, mobileMessages } from '@formwork/shared/schemas/identity';
import {
  type ActivationContext,
  type ActivationResult,
  activationBodySchema,
  activationContextSchema,
  activationResultSchema,
} from '@formwork/shared/schemas/people';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordChecklist } from '../../../components/ui/password-checklist.tsx';
import { currentUser, startSignIn, storeReturnTo } from '../../../lib/auth.ts';
import { apiRequest, HttpError } from '../../../lib/http.ts';
import { externalLinks } from '../../../lib/links.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { isPhone, phoneWelcomePath } from './phone-welcome.tsx';

type Fields = {
  firstName: string;
  lastName: string;
  countryCode: string;
  mobile: string;
  acceptTerms: boolean;
  newPassword: string;
  newPasswordConfirmed: string;
};

const stepOneFields = ['firstName', 'lastName', 'mobile', 'acceptTerms'] as const;

/** The translation key of a field's problem (spec 5.7 wording in en-US). */
function problemKey(field: string, message: string): string {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return 'activation.errors.name';
    case 'mobile':
      return message === mobileMessages.required
        ? 'activation.errors.mobileRequired'
        : 'activation.errors.mobileLength';
    case 'acceptTerms':
      return 'activation.errors.terms';
    case 'newPasswordConfirmed':
      return 'activation.errors.passwordsDiffer';
    default:
      return 'activation.errors.password';
  }
}

/**
 * Spec 2.7, 4.5, issue 16.3: users/activation/{id}[/company/{companyId}]. Step 1 the person's
 * details, step 2 the password; then they land signed in. An existing user accepts with one click.
 * An address that signs in with single sign-on has step 1 only: Activate sends them, after the
 * redirection modal, to their company's sign-in, which finishes the activation (no password).
 * A revoked (403) or unknown (404) id says so and goes to / (an anonymous visitor: to sign-in, which says it).
 */
export function ActivationPage({ activationId, companyId }: { activationId: string; companyId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = companyId ? `?companyId=${encodeURIComponent(companyId)}` : '';
  const base = `/api/activations/${encodeURIComponent(activationId)}`;
  const context = useQuery({
    queryKey: ['activation', activationId, companyId],
    queryFn: () =>
      apiRequest<ActivationContext>(`${base}${query}`, { anonymous: true, response: activationContextSchema }),
    retry: false,
    meta: { handlesErrors: true },
  });

  useEffect(() => {
    if (!context.isError) return;
    const status = context.error instanceof HttpError ? context.error.status : 0;
    const notice = status === 403 ? 'activationIdRevoked' : status === 404 ? 'activationIdInvalid' : null;
    void currentUser().then((user) => {
      // An anonymous visitor's / is the sign-in page, on the provider: the notice goes with them.
      if (!user && notice) return startSignIn({ notice });
      showToast('error', t(notice ?? 'errors.generic'));
      navigate('/', { replace: true });
    });
  }, [context.isError, context.error, navigate, t]);

  if (!context.data) {
    return (
      <Center mih="60vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const invitation = context.data;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="md">
          <Stack gap={4} align="center">
            {invitation.logoUrl && <Image src={invitation.logoUrl} alt="" mah={32} maw={96} fit="contain" />}
            <Title order={1} fz="h3" ta="center">
              {t('activation.title', { company: invitation.companyName })}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t(`activation.as.${invitation.userType}`)}
            </Text>
          </Stack>
          {invitation.existingUser ? (
            <AcceptAsExistingUser base={base} query={query} invitation={invitation} />
          ) : (
            <ActivationSteps base={base} query={query} invitation={invitation} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** Someone who already has an account: sign in (if needed), then one click. */
function AcceptAsExistingUser({
  base,
  query,
  invitation,
}: {
  base: string;
  query: string;
  invitation: ActivationContext;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useQuery({ queryKey: ['activation', 'session'], queryFn: currentUser });
  const accept = useMutation({
    mutationFn: () => apiRequest<{ companyId: string }>(`${base}/accept${query}`, { method: 'POST' }),
    onSuccess: () => {
      showToast('success', t('activation.accepted', { company: invitation.companyName }));
      navigate('/', { replace: true });
    },
  });
  if (session.isPending) return <Loader size="sm" mx="auto" />;
  if (!session.data) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('activation.existingSignIn', { email: invitation.email })}</Text>
        <Button
          onClick={() => {
            storeReturnTo(window.location.pathname + window.location.search);
            void startSignIn({ loginHint: invitation.email });
          }}
        >
          {t('activation.signInToAccept')}
        </Button>
      </Stack>
    );
  }
  return (
    <Button loading={accept.isPending} onClick={() => accept.mutate()}>
      {t('activation.accept')}
    </Button>
  );
}

function ActivationSteps({ base, query, invitation }: { base: string; query: string; invitation: ActivationContext }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<1 | 2>(1);
  const [fields, setFields] = useState<Fields>({
    firstName: '',
    lastName: '',
    countryCode: defaultCountryCode,
    mobile: '',
    acceptTerms: false,
    newPassword: '',
    newPasswordConfirmed: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const mobile = () => {
    const digits = fields.mobile.replace(/\D/g, '');
    return digits ? `+${fields.countryCode.replace(/\D/g, '')} ${digits}` : '';
  };
  const sso = invitation.singleSignOn;
  const [redirecting, setRedirecting] = useState(false);
  const payload = () => ({
    firstName: fields.firstName,
    lastName: fields.lastName,
    mobile: mobile(),
    acceptTerms: fields.acceptTerms,
    ...(sso
      ? { isSSOSignUp: true }
      : { newPassword: fields.newPassword, newPasswordConfirmed: fields.newPasswordConfirmed }),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  /** The contract's own messages, per field (the server checks the same schema). */
  const check = (only?: readonly string[]) => {
    const result = activationBodySchema.safeParse(payload());
    const found: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0]);
        if (!only || only.includes(key)) found[key] ??= t(problemKey(key, issue.message));
      }
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const activate = useMutation({
    mutationFn: () =>
      apiRequest<ActivationResult>(`${base}${query}`, {
        method: 'POST',
        anonymous: true,
        body: payload(),
        response: activationResultSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      // Spec 2.7: on a phone, a welcome page; on a desktop, /.
      storeReturnTo(isPhone() ? phoneWelcomePath : '/');
      if ('ssoTicket' in result) {
        // Spec 2.7: single sign-on shows the redirection modal while the browser goes to the company's sign-in.
        setRedirecting(true);
        await startSignIn({ ssoTicket: result.ssoTicket, loginHint: result.email });
        return;
      }
      await startSignIn({ activationTicket: result.signInTicket, loginHint: result.email });
    },
    onError: (error) => {
      const problem = error instanceof HttpError ? error.problem : undefined;
      const found: Record<string, string> = {};
      for (const e of problem?.errors ?? []) {
        const key = e.path.replace(/^body\./, '');
        found[key] ??= t(problemKey(key, e.message));
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        if (stepOneFields.some((k) => k in found)) setStep(1);
        return;
      }
      showToast('error', problem?.detail ?? problem?.title ?? t('errors.generic'));
    },
  });

  const dots = (
    <Group gap={8} justify="center" aria-label={t('activation.steps')}>
      {([1, 2] as const).map((n) => (
        <UnstyledButton
          key={n}
          aria-label={t('activation.step', { n })}
          aria-current={step === n ? 'step' : undefined}
          disabled={n === 2}
          onClick={() => setStep(n)}
          w={10}
          h={10}
          style={{
            borderRadius: 5,
            background: step === n ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)',
          }}
        />
      ))}
    </Group>
  );

  if (step === 1) {
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!check(stepOneFields)) return;
          // Spec 4.5: for a single sign-on domain there is no password step; Activate activates.
          if (sso) activate.mutate();
          else setStep(2);
        }}
      >
        <Modal
          opened={redirecting}
          onClose={() => {}}
          withCloseButton={false}
          centered
          title={t('activation.ssoRedirectTitle')}
        >
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm">{t('errors.ssoRedirectionMessage')}</Text>
          </Group>
        </Modal>
        <Stack gap="sm">
          <TextInput label={t('activation.email')} value={invitation.email} readOnly disabled />
          <TextInput
            label={t('activation.firstName')}
            required
            value={fields.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            label={t('activation.lastName')}
            required
            value={fields.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
            error={errors.lastName}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('activation.countryCode')}
              leftSection="+"
              w={90}
              value={fields.countryCode}
              onChange={(e) => set('countryCode', e.currentTarget.value)}
            />
            <TextInput
              label={t('activation.mobile')}
              required
              type="tel"
              style={{ flex: 1 }}
              value={fields.mobile}
              onChange={(e) => set('mobile', e.currentTarget.value)}
              error={errors.mobile}
            />
          </Group>
          <Checkbox
            label={
              <>
                {t('activation.terms')}{' '}
                <Anchor href={externalLinks.privacyPolicy} target="_blank" rel="noreferrer" size="sm">
                  {t('activation.termsLink')}
                </Anchor>
              </>
            }
            checked={fields.acceptTerms}
            onChange={(e) => set('acceptTerms', e.currentTarget.checked)}
            error={errors.acceptTerms}
          />
          {sso && (
            <Alert color="blue" variant="light">
              {t('activation.ssoNote')}
            </Alert>
          )}
          <Button type="submit" loading={sso && activate.isPending}>
            {sso ? t('activation.ssoActivate') : t('activation.next')}
          </Button>
          {!sso && dots}
        </Stack>
      </form>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (check()) activate.mutate();
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label={t('activation.password')}
          required
          value={fields.newPassword}
          onChange={(e) => set('newPassword', e.currentTarget.value)}
          error={errors.newPassword}
        />
        <PasswordChecklist password={fields.newPassword} />
        <PasswordInput
          label={t('activation.confirmPassword')}
          required
          value={fields.newPasswordConfirmed}
          onChange={(e) => set('newPasswordConfirmed', e.currentTarget.value)}
          error={errors.newPasswordConfirmed}
        />
        <Button type="submit" loading={activate.isPending}>
          {t('activation.activate')}
        </Button>
        {dots}
      </Stack>
    </form>
  );
}
