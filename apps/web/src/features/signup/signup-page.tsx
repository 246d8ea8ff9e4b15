import { emailDomain } from '@formwork/shared/invitation-rules';
import { defaultCountryCode, mobileMessages } from '@formwork/shared/schemas/identity';
import {
  bannedCompanyNameMessage,
  type Continent,
  continentForCountryCode,
  continentForTimeZone,
  countryCodeForTimeZone,
  emailCheckSchema,
  signupBodySchema,
  signupIndustries,
  signupRoles,
  signupUserInfoSchema,
} from '@formwork/shared/schemas/signup';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  List,
  Loader,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HumanCheckWidget } from '../../components/human-check/human-check-widget.tsx';
import { CountryCodeSelect } from '../../components/ui/country-code-select.tsx';
import { PasswordChecklist, passwordRulesMet } from '../../components/ui/password-checklist.tsx';
import { changePasswordUrl, startSignIn, storeReturnTo } from '../../lib/auth.ts';
import { HttpError } from '../../lib/http.ts';
import { signupLinks } from '../../lib/links.ts';
import { useDocumentTitle, useRobots } from '../../lib/robots.ts';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { signupApi, signupKeys } from './api.ts';

/** Spec 2.8's steps and 4.5's transitions. */
export type SignupStep =
  | 'userInfo'
  | 'usedEmail'
  | 'usedDomain'
  | 'joinExisting'
  | 'businessAttributes'
  | 'mobileNumber'
  | 'humanVerification';
const sidebarSteps: SignupStep[] = ['businessAttributes', 'mobileNumber', 'humanVerification'];

type UserInfo = { email: string; firstName: string; lastName: string; companyName: string; password: string };
type Problems = Partial<Record<string, string>>;

/** The translation key of a rule's message (the shared contract's en-US wording, spec 5.7). */
function problemKey(field: string, message: string): string {
  if (field === 'email') return 'signup.errors.email';
  if (field === 'firstName' || field === 'lastName') return 'signup.errors.name';
  if (field === 'companyName')
    return message === bannedCompanyNameMessage
      ? 'signup.errors.companyBanned'
      : message === 'Required'
        ? 'signup.errors.required'
        : message === 'Name should have one or more alphanumeric characters.'
          ? 'signup.errors.companyAlphanumeric'
          : 'signup.errors.companyTooLong';
  if (field === 'password') return 'signup.errors.password';
  if (field === 'mobile')
    return message === mobileMessages.required ? 'signup.errors.mobileRequired' : 'signup.errors.mobileLength';
  if (field === 'acceptTerms') return 'signup.errors.terms';
  if (field === 'humanCheck') return 'signup.errors.humanCheck';
  if (field.startsWith('businessAttributes')) return 'signup.errors.chooseOne';
  return 'errors.generic';
}

/** Field problems of a 400 answer, keyed by field (the first of each). */
function serverProblems(error: unknown, t: (key: string) => string): Problems | undefined {
  const problem = error instanceof HttpError ? error.problem : undefined;
  if (!problem?.errors?.length) return undefined;
  const found: Problems = {};
  for (const e of problem.errors) {
    const key = e.path.replace(/^body\./, '').split('.')[0] as string;
    found[key] ??= t(problemKey(e.path.replace(/^body\./, ''), e.message));
  }
  return found;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/signup` (spec 2.8, 4.5, 5.7): the e-mail first with a live uniqueness indicator; then the
 * person's name, company and password; the role and industry survey; the phone number with the
 * terms; the human check; then they land signed in in their new free-trial workspace.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useRobots(import.meta.env.PROD ? 'index,follow' : 'noindex');
  useDocumentTitle(t('signup.pageTitle'));
  const fromTemplate = params.has('templateId');
  const [step, setStep] = useState<SignupStep>('userInfo');
  const [expanded, setExpanded] = useState(false);
  const [info, setInfo] = useState<UserInfo>({ email: '', firstName: '', lastName: '', companyName: '', password: '' });
  // Spec 2.8, 4.5: a single sign-on domain signs up without a password (its company sign-in finishes it).
  const [sso, setSso] = useState(false);
  const [subdomain, setSubdomain] = useState('');
  const [attributes, setAttributes] = useState<{ role: string | null; industry: string | null }>({
    role: null,
    industry: null,
  });
  const [mobileState, setMobileState] = useState<{ mobile: string; continent: Continent | undefined } | null>(null);
  // The browser names the sign-up: storing it again (a replay) stores the same one.
  const signupId = useMemo(() => crypto.randomUUID(), []);
  const timeZone = useMemo(browserTimeZone, []);

  const features = fromTemplate ? 5 : 6;
  const sidebar = sidebarSteps.includes(step);
  const content = (() => {
    switch (step) {
      case 'userInfo':
        return (
          <UserInfoStep
            info={info}
            setInfo={setInfo}
            expanded={expanded}
            sso={sso}
            onChecked={(result) => {
              setSso(result.isSSODomain);
              if (result.emailInUse) setStep('usedEmail');
              else if (result.isBusinessDomainInUse) setStep('usedDomain');
              else setExpanded(true);
            }}
            onDone={(sub) => {
              setSubdomain(sub);
              setStep('businessAttributes');
            }}
          />
        );
      case 'usedEmail':
        return <UsedEmailStep email={info.email} />;
      case 'usedDomain':
        return (
          <UsedDomainStep
            email={info.email}
            onOwn={() => {
              setExpanded(true);
              setStep('userInfo');
            }}
            onJoin={() => setStep('joinExisting')}
          />
        );
      case 'joinExisting':
        return <JoinExistingStep email={info.email} onBack={() => setStep('usedDomain')} />;
      case 'businessAttributes':
        return (
          <BusinessAttributesStep value={attributes} onChange={setAttributes} onNext={() => setStep('mobileNumber')} />
        );
      case 'mobileNumber':
        return (
          <MobileNumberStep
            timeZone={timeZone}
            locked={mobileState?.mobile}
            submit={async (mobile, continent) => {
              const { password, ...rest } = info;
              await signupApi.save(signupId, {
                ...rest,
                ...(sso ? { isSSOSignUp: true } : { password }),
                companyName: info.companyName.trim(),
                subdomain,
                mobile,
                acceptTerms: true,
                businessAttributes: attributes as { role: never; industry: never },
                ...(timeZone ? { timezone: timeZone } : {}),
                ...(continent ? { continent } : {}),
              });
              setMobileState({ mobile, continent });
              setStep('humanVerification');
            }}
          />
        );
      case 'humanVerification':
        return <HumanVerificationStep signupId={signupId} />;
    }
  })();

  return (
    <Box
      mih="100vh"
      data-background={sidebar ? 'sidebar' : 'construction'}
      style={{
        display: 'grid',
        gridTemplateColumns: sidebar ? 'minmax(0, 320px) minmax(0, 1fr)' : 'minmax(0, 1fr) minmax(0, 1fr)',
        background: sidebar
          ? 'var(--mantine-color-gray-0)'
          : 'linear-gradient(135deg, var(--mantine-color-yellow-5) 0%, var(--mantine-color-orange-7) 60%, var(--mantine-color-dark-7) 100%)',
      }}
    >
      <Stack p="xl" gap="md" c={sidebar ? undefined : 'white'} bg={sidebar ? 'dark.7' : undefined} justify="center">
        <Title order={1} fz={sidebar ? 'h3' : 'h2'} c="white">
          {t(fromTemplate ? 'signup.headingTemplate' : 'signup.heading')}
        </Title>
        <Text c="white" fw={500}>
          {t('signup.subtitle')}
        </Text>
        <List spacing="xs" c="white" icon={<IconCircleCheck size={18} />} aria-label={t('signup.featuresLabel')}>
          {Array.from(
            { length: features },
            (_, i) => `signup.features.${fromTemplate ? 'template' : 'normal'}.${i + 1}`,
          ).map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack p="xl" justify="center" align="center">
        <Paper withBorder radius="md" p="xl" w="100%" maw={480}>
          <Stack gap="md">
            {content}
            {step === 'userInfo' && (
              <Text size="sm" ta="center">
                {t('signup.haveAccount')}{' '}
                <Anchor href="/login" size="sm">
                  {t('signup.login')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

type EmailIndicator = 'pending' | 'valid' | 'invalid' | null;

/** Spec 2.8 step 1, 4.5: the e-mail alone, then (300 ms) the other fields. */
function UserInfoStep({
  info,
  setInfo,
  expanded,
  sso,
  onChecked,
  onDone,
}: {
  info: UserInfo;
  setInfo: (f: (i: UserInfo) => UserInfo) => void;
  expanded: boolean;
  sso: boolean;
  onChecked: (result: { emailInUse: boolean; isBusinessDomainInUse: boolean; isSSODomain: boolean }) => void;
  onDone: (subdomain: string) => void;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Partial<Record<keyof UserInfo, boolean>>>({});
  const [focused, setFocused] = useState<keyof UserInfo | null>(null);
  const [serverErrors, setServerErrors] = useState<Problems>({});
  const [indicator, setIndicator] = useState<EmailIndicator>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof UserInfo, value: string) => {
    setInfo((i) => ({ ...i, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };

  const emailValid = emailCheckSchema.safeParse({ email: info.email }).success;
  // The live uniqueness indicator: checked once the address is well formed and typing paused.
  const latest = useRef(info.email);
  useEffect(() => {
    latest.current = info.email;
    if (!emailValid || expanded) {
      if (!emailValid) setIndicator(null);
      return;
    }
    setIndicator('pending');
    const timer = setTimeout(() => {
      const email = info.email;
      signupApi
        .checkEmail(email, 'live')
        .then((r) => {
          if (latest.current === email) setIndicator(r.emailInUse ? 'invalid' : 'valid');
        })
        .catch(() => {
          if (latest.current === email) setIndicator(null);
        });
    }, 400);
    return () => clearTimeout(timer);
  }, [info.email, emailValid, expanded]);

  const problems = useMemo(() => {
    const found: Problems = {};
    const result = signupUserInfoSchema.safeParse(sso ? { ...info, password: undefined, isSSOSignUp: true } : info);
    if (!result.success)
      for (const issue of result.error.issues) {
        const key = String(issue.path[0]);
        found[key] ??= t(problemKey(key, issue.message));
      }
    return { ...found, ...Object.fromEntries(Object.entries(serverErrors).filter(([, v]) => v)) };
  }, [info, serverErrors, t, sso]);
  // Spec 5.7: the e-mail's message only for a bad format or a missing address; names and company
  // when invalid and not focused.
  const shown = (key: keyof UserInfo) => (touched[key] && focused !== key ? problems[key] : undefined);

  const next = async () => {
    setTouched((v) => ({ ...v, email: true }));
    if (!emailValid) return;
    setBusy(true);
    try {
      onChecked(await signupApi.checkEmail(info.email.trim(), 'next'));
    } catch (error) {
      showToast(
        'error',
        error instanceof HttpError ? (error.problem?.title ?? t('errors.generic')) : t('errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  const getStarted = async () => {
    const companyName = info.companyName.trim();
    setInfo((i) => ({ ...i, companyName, firstName: i.firstName.trim(), lastName: i.lastName.trim() }));
    setBusy(true);
    try {
      const result = await signupApi.subdomain(info.email.trim(), companyName);
      if (!result.success || !result.subdomain) {
        showToast('error', result.errorMessage ?? t('errors.generic'));
        return;
      }
      onDone(result.subdomain);
    } catch (error) {
      const fields = serverProblems(error, t);
      if (fields) {
        setServerErrors(fields);
        setTouched({ email: true, firstName: true, lastName: true, companyName: true, password: true });
      } else showToast('error', t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const canGetStarted =
    emailValid && Object.keys(problems).length === 0 && (sso || passwordRulesMet(info.password)) && !busy;
  const indicatorIcon =
    indicator === 'pending' ? (
      <Loader size={14} aria-label={t('signup.emailPending')} />
    ) : indicator === 'valid' ? (
      <IconCheck size={16} color="var(--mantine-color-green-7)" aria-label={t('signup.emailValid')} />
    ) : indicator === 'invalid' ? (
      <IconX size={16} color="var(--mantine-color-red-7)" aria-label={t('signup.emailInvalid')} />
    ) : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!expanded) void next();
        else if (canGetStarted) void getStarted();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('signup.email')}
          type="email"
          required
          autoComplete="email"
          value={info.email}
          disabled={expanded}
          onChange={(e) => set('email', e.currentTarget.value)}
          onBlur={() => setTouched((v) => ({ ...v, email: true }))}
          error={touched.email && !emailValid ? t('signup.errors.email') : undefined}
          rightSection={indicatorIcon}
          data-indicator={indicator ?? 'none'}
        />
        <Collapse expanded={expanded} transitionDuration={300}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              {(['firstName', 'lastName'] as const).map((key) => (
                <TextInput
                  key={key}
                  label={t(`signup.${key}`)}
                  required
                  autoComplete={key === 'firstName' ? 'given-name' : 'family-name'}
                  value={info[key]}
                  onChange={(e) => set(key, e.currentTarget.value)}
                  onFocus={() => setFocused(key)}
                  onBlur={() => {
                    setFocused(null);
                    setTouched((v) => ({ ...v, [key]: true }));
                  }}
                  error={shown(key)}
                />
              ))}
            </Group>
            <TextInput
              label={t('signup.companyName')}
              required
              autoComplete="organization"
              value={info.companyName}
              onChange={(e) => set('companyName', e.currentTarget.value)}
              onFocus={() => setFocused('companyName')}
              onBlur={() => {
                setFocused(null);
                setTouched((v) => ({ ...v, companyName: true }));
              }}
              error={shown('companyName')}
            />
            {sso ? (
              // Spec 2.8: for a single sign-on sign-up the password field is disabled, with a tooltip saying why.
              <Tooltip label={t('signup.ssoPassword')} multiline w={280} withinPortal>
                <div>
                  <PasswordInput
                    label={t('signup.password')}
                    description={t('signup.ssoPassword')}
                    disabled
                    value=""
                    readOnly
                  />
                </div>
              </Tooltip>
            ) : (
              <>
                <PasswordInput
                  label={t('signup.password')}
                  required
                  autoComplete="new-password"
                  value={info.password}
                  onChange={(e) => set('password', e.currentTarget.value)}
                  visibilityToggleButtonProps={{ 'aria-label': t('signup.showPassword') }}
                />
                <PasswordChecklist password={info.password} />
              </>
            )}
          </Stack>
        </Collapse>
        <Button type="submit" loading={busy} disabled={expanded ? !canGetStarted : !info.email}>
          {expanded ? t('signup.getStarted') : t('signup.next')}
        </Button>
      </Stack>
    </form>
  );
}

/** Spec 2.8 step 2: the address already has an account. */
function UsedEmailStep({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('signup.usedEmail.title')}
      </Title>
      <Text size="sm">{t('signup.usedEmail.body', { email })}</Text>
      <Button
        onClick={() => {
          storeReturnTo('/');
          void startSignIn({ loginHint: email });
        }}
      >
        {t('signup.usedEmail.login')}
      </Button>
      <Button
        variant="default"
        onClick={() => {
          void changePasswordUrl(email).then((url) => window.location.assign(url));
        }}
      >
        {t('signup.usedEmail.forgot')}
      </Button>
    </Stack>
  );
}

/** Spec 2.8 step 3: the business domain is in use: own workspace or join the existing one. */
function UsedDomainStep({ email, onOwn, onJoin }: { email: string; onOwn: () => void; onJoin: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('signup.usedDomain.title')}>
        {t('signup.usedDomain.body', { domain: emailDomain(email) })}
      </Alert>
      <Button onClick={onOwn}>{t('signup.usedDomain.own')}</Button>
      <Button variant="default" onClick={onJoin}>
        {t('signup.usedDomain.join')}
      </Button>
    </Stack>
  );
}

/** Spec 2.8 step 4: ask an administrator for an invitation. */
function JoinExistingStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('signup.join.title')}
      </Title>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>{t('signup.join.step1', { domain: emailDomain(email) })}</List.Item>
        <List.Item>{t('signup.join.step2', { email })}</List.Item>
        <List.Item>{t('signup.join.step3')}</List.Item>
      </List>
      <Button variant="default" onClick={onBack}>
        {t('signup.back')}
      </Button>
    </Stack>
  );
}

/** Spec 2.8 step 5: the role and industry survey. */
function BusinessAttributesStep({
  value,
  onChange,
  onNext,
}: {
  value: { role: string | null; industry: string | null };
  onChange: (v: { role: string | null; industry: string | null }) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const group = (key: 'role' | 'industry', options: readonly string[]) => (
    <Radio.Group
      label={t(`signup.attributes.${key}`)}
      required
      value={value[key]}
      onChange={(v) => onChange({ ...value, [key]: v })}
    >
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {options.map((option) => (
          <Radio key={option} value={option} label={t(`signup.attributes.${key}s.${option}`)} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('signup.attributes.title')}
      </Title>
      {group('role', signupRoles)}
      {group('industry', signupIndustries)}
      <Button disabled={!value.role || !value.industry} onClick={onNext}>
        {t('signup.next')}
      </Button>
    </Stack>
  );
}

/** Spec 2.8 step 6, 4.5, 5.7: the phone number with its country code, and the terms. */
function MobileNumberStep({
  timeZone,
  locked,
  submit,
}: {
  timeZone: string | undefined;
  locked: string | undefined;
  submit: (mobile: string, continent: Continent | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const zoneContinent = continentForTimeZone(timeZone);
  const [code, setCode] = useState(countryCodeForTimeZone(timeZone) ?? defaultCountryCode);
  const [number, setNumber] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const mobile = locked ?? (number.replace(/\D/g, '') ? `+${code} ${number.replace(/\D/g, '')}` : '');
  // Spec 4.5: no continent from the time zone: the phone number's country tells it.
  const continent = zoneContinent ?? continentForCountryCode(code);
  const links = continent === 'EU' ? signupLinks.uk : signupLinks.standard;

  const onSubmit = async () => {
    const found: Problems = {};
    const parsed = signupBodySchema.shape.mobile.safeParse(mobile);
    if (!parsed.success) found.mobile = t(problemKey('mobile', parsed.error.issues[0]?.message ?? ''));
    if (!terms) found.acceptTerms = t('signup.errors.terms');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submit(parsed.data as string, continent);
    } catch (error) {
      const fields = serverProblems(error, t);
      if (fields) setErrors(fields);
      const problem = error instanceof HttpError ? error.problem : undefined;
      if (!fields || !('mobile' in fields || 'acceptTerms' in fields))
        showToast(
          'error',
          problem ? t(`problems.${problem.code}`, { defaultValue: problem.title }) : t('errors.generic'),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('signup.mobile.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('signup.mobile.privacy')}
        </Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <CountryCodeSelect
            label={t('signup.mobile.countryCode')}
            disabled={Boolean(locked)}
            value={code}
            onChange={setCode}
          />
          <TextInput
            label={t('signup.mobile.number')}
            type="tel"
            required
            style={{ flex: 1 }}
            disabled={Boolean(locked)}
            value={locked ? locked.replace(/^\+\d+\s*/, '') : number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            error={errors.mobile}
          />
        </Group>
        <Checkbox
          checked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
          error={errors.acceptTerms}
          label={
            <>
              {t('signup.mobile.agree')}{' '}
              <Anchor href={links.privacy} target="_blank" rel="noreferrer" size="sm">
                {t('signup.mobile.privacyPolicy')}
              </Anchor>{' '}
              &amp;{' '}
              <Anchor href={links.terms} target="_blank" rel="noreferrer" size="sm">
                {t('signup.mobile.termsOfService')}
              </Anchor>
            </>
          }
        />
        <Button type="submit" loading={busy}>
          {t('signup.mobile.create')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('signup.mobile.botNote')}
        </Text>
      </Stack>
    </form>
  );
}

/** Spec 2.8 step 7: the human check, then Finish: the account is made and the person signed in. */
function HumanVerificationStep({ signupId }: { signupId: string }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: signupKeys.config,
    queryFn: signupApi.config,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const answer = useRef<(() => Promise<string | undefined>) | null>(null);
  const onAnswer = useCallback((get: () => Promise<string | undefined>) => {
    answer.current = get;
  }, []);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const finish = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const value = answer.current ? await answer.current() : undefined;
      if (!value) {
        setError(t('signup.errors.humanCheck'));
        return;
      }
      const result = await signupApi.complete(signupId, value);
      if ('ssoTicket' in result) {
        // Spec 4.5: a single sign-on sign-up is finished at the company's sign-in; then the new workspace.
        storeReturnTo(`/home/companies/${result.workspaceId}/activity`);
        setRedirecting(true);
        await startSignIn({ ssoTicket: result.ssoTicket, loginHint: result.email });
        return;
      }
      storeReturnTo('/');
      await startSignIn({ activationTicket: result.signInTicket, loginHint: result.email });
    } catch (e) {
      const fields = serverProblems(e, t);
      if (fields?.humanCheck) setError(fields.humanCheck);
      else {
        const problem = e instanceof HttpError ? e.problem : undefined;
        showToast(
          'error',
          problem ? t(`problems.${problem.code}`, { defaultValue: problem.title }) : t('errors.generic'),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  let widget: ReactNode = <Loader size="sm" />;
  if (config.data) widget = <HumanCheckWidget config={config.data} onAnswer={onAnswer} />;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('signup.human.title')}
      </Title>
      {widget}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {redirecting && (
        <Alert color="blue" variant="light" role="status">
          {t('errors.ssoRedirectionMessage')}
        </Alert>
      )}
      <Button loading={busy || redirecting} onClick={() => void finish()}>
        {t('signup.human.finish')}
      </Button>
    </Stack>
  );
}
