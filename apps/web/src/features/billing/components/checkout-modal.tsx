import type { SubscriptionTerm } from '@formwork/shared/permissions';
import { licenceMinimums, orderTotal, type PaidPlan, paymentRedirectDelayMs } from '@formwork/shared/pricing';
import type { CheckoutOptions } from '@formwork/shared/schemas/checkout';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { OnDemandModal } from '../../../components/ui/on-demand-modal.tsx';
import { HttpError } from '../../../lib/http.ts';
import { externalLinks } from '../../../lib/links.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { useCheckoutOptions, useStartCheckout } from '../api/checkout.ts';
import { browserContinent } from '../continent.ts';
import { money } from '../money.ts';
import { refuseSpinnerKeys, wholeNonNegative } from './spinner-input.ts';

/** Where the browser comes back after paying: this page, without an earlier success view. */
function returnPath(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('view');
  return `${url.pathname}${url.search}`;
}

/**
 * Spec 2.6, 4.4, 5.6: the two-step self-service checkout. Step 0 chooses the plan (a plan the usage
 * exceeds cannot be chosen, with the spec's message); step 1 the licences (contributors at least
 * max(1, used); paid users at least the number used, disabled and 0 on standard) and the term.
 * Back returns to step 0. On submit the modal closes, the redirecting modal shows, and after
 * 3000 ms the browser goes to the payment page. The total shown is the price table's; the server
 * prices what is charged.
 */
export function CheckoutModal({
  workspaceId,
  opened,
  onClose,
}: {
  workspaceId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const continent = useMemo(browserContinent, []);
  const options = useCheckoutOptions(workspaceId, continent, opened);
  const start = useStartCheckout(workspaceId);
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<PaidPlan | null>(null);
  const [contributors, setContributors] = useState(1);
  const [paidUsers, setPaidUsers] = useState(0);
  const [term, setTerm] = useState<SubscriptionTerm>('monthly');
  const [paymentLink, setPaymentLink] = useState<string | null>(null);

  useEffect(() => {
    if (!paymentLink) return;
    const timer = setTimeout(() => window.location.assign(paymentLink), paymentRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [paymentLink]);

  const close = () => {
    setStep(0);
    start.reset();
    onClose();
  };

  const choose = (chosen: PaidPlan, data: CheckoutOptions) => {
    const min = licenceMinimums(chosen, data);
    setPlan(chosen);
    setContributors((n) => Math.max(n, min.contributorUsersPaid));
    setPaidUsers((n) => (chosen === 'standard' ? 0 : Math.max(n, min.paidUsersPaid)));
    setStep(1);
  };

  const submit = () => {
    if (!plan) return;
    start.mutate(
      {
        planType: plan,
        subscriptionTerm: term,
        contributorUsersPaid: contributors,
        paidUsersPaid: plan === 'standard' ? 0 : paidUsers,
        continent,
        returnPath: returnPath(),
      },
      {
        onSuccess: (result) => {
          setStep(0);
          onClose();
          setPaymentLink(result.paymentLink);
        },
      },
    );
  };

  return (
    <>
      <OnDemandModal opened={opened} onClose={close} title={t('checkout.title')} size="lg" centered>
        {options.isPending ? (
          <Loader aria-label={t('app.loading')} />
        ) : options.isError ? (
          <Alert color="red">{problemMessage(options.error, t)}</Alert>
        ) : !options.data.offered ? (
          <NotOffered />
        ) : (
          <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(s) => s < step && setStep(s)}>
            <Stepper.Step label={t('checkout.stepPlan')}>
              <PlanStep options={options.data} chosen={plan} onChoose={(p) => choose(p, options.data)} />
            </Stepper.Step>
            <Stepper.Step label={t('checkout.stepLicences')}>
              {plan && (
                <LicencesStep
                  options={options.data}
                  plan={plan}
                  contributors={contributors}
                  paidUsers={paidUsers}
                  term={term}
                  onContributors={setContributors}
                  onPaidUsers={setPaidUsers}
                  onTerm={setTerm}
                  onBack={() => setStep(0)}
                  onSubmit={submit}
                  busy={start.isPending}
                  error={start.isError ? start.error : null}
                />
              )}
            </Stepper.Step>
          </Stepper>
        )}
      </OnDemandModal>
      <OnDemandModal
        opened={paymentLink !== null}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={t('checkout.redirectingTitle')}
      >
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">{t('checkout.redirectingBody')}</Text>
        </Group>
      </OnDemandModal>
    </>
  );
}

function PlanStep({
  options,
  chosen,
  onChoose,
}: {
  options: CheckoutOptions;
  chosen: PaidPlan | null;
  onChoose: (plan: PaidPlan) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" mt="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {options.plans.map((p) => (
          <Card key={p.plan} withBorder padding="sm" radius="md" data-selected={chosen === p.plan || undefined}>
            <Stack gap={6}>
              <Text fw={700}>{t(`plans.${p.plan}`)}</Text>
              <Text size="sm">
                {t('checkout.perContributor', { price: money(p.prices.contributor, options.currency, i18n.language) })}
              </Text>
              <Text size="sm" c="dimmed">
                {p.prices.paidUser > 0
                  ? t('checkout.perPaidUser', { price: money(p.prices.paidUser, options.currency, i18n.language) })
                  : t('checkout.noPaidUsers')}
              </Text>
              {p.message && (
                <Text size="xs" c="red" role="note">
                  {t('billing.planExceeded')}
                </Text>
              )}
              <Button
                size="xs"
                disabled={Boolean(p.message)}
                onClick={() => onChoose(p.plan)}
                aria-label={t('checkout.choosePlan', { plan: t(`plans.${p.plan}`) })}
              >
                {t('checkout.choosePlan', { plan: t(`plans.${p.plan}`) })}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('checkout.currencyNote', { currency: options.currency })}
      </Text>
    </Stack>
  );
}

function LicencesStep(props: {
  options: CheckoutOptions;
  plan: PaidPlan;
  contributors: number;
  paidUsers: number;
  term: SubscriptionTerm;
  onContributors: (n: number) => void;
  onPaidUsers: (n: number) => void;
  onTerm: (term: SubscriptionTerm) => void;
  onBack: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: unknown;
}) {
  const { t, i18n } = useTranslation();
  const { options, plan } = props;
  const min = licenceMinimums(plan, options);
  const standard = plan === 'standard';
  const contributorsLow = props.contributors < min.contributorUsersPaid;
  const paidUsersLow = !standard && props.paidUsers < min.paidUsersPaid;
  const order = {
    planType: plan,
    subscriptionTerm: props.term,
    contributorUsersPaid: props.contributors,
    paidUsersPaid: standard ? 0 : props.paidUsers,
  };
  const { monthly, total } = orderTotal(order, options.currency);
  const fmt = (cents: number) => money(cents, options.currency, i18n.language);
  const fieldErrors = props.error instanceof HttpError ? (props.error.problem?.errors ?? []).map((e) => e.message) : [];
  return (
    <Stack gap="sm" mt="md">
      <Text fw={600}>{t(`plans.${plan}`)}</Text>
      <NumberInput
        label={t('checkout.contributors')}
        description={t('checkout.contributorsHint', { min: min.contributorUsersPaid })}
        value={props.contributors}
        onChange={(v) => props.onContributors(wholeNonNegative(v))}
        onKeyDown={refuseSpinnerKeys}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        error={contributorsLow ? t('checkout.belowUsed') : undefined}
      />
      <NumberInput
        label={t('checkout.paidUsers')}
        description={
          standard ? t('checkout.paidUsersStandard') : t('checkout.paidUsersHint', { min: min.paidUsersPaid })
        }
        value={standard ? 0 : props.paidUsers}
        disabled={standard}
        onChange={(v) => props.onPaidUsers(wholeNonNegative(v))}
        onKeyDown={refuseSpinnerKeys}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        error={paidUsersLow ? t('checkout.belowUsed') : undefined}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="checkout-term">
          {t('checkout.term')}
        </Text>
        <SegmentedControl
          aria-labelledby="checkout-term"
          value={props.term}
          onChange={(v) => props.onTerm(v as SubscriptionTerm)}
          data={[
            { value: 'monthly', label: t('checkout.monthly') },
            { value: 'one_year', label: t('checkout.oneYear') },
          ]}
        />
      </div>
      <Group justify="space-between">
        <Text fw={600}>{t('checkout.total')}</Text>
        <Text fw={700} data-testid="checkout-total">
          {props.term === 'one_year'
            ? t('checkout.totalYear', { amount: fmt(total), monthly: fmt(monthly) })
            : t('checkout.totalMonthly', { amount: fmt(total) })}
        </Text>
      </Group>
      {props.error != null && (
        <Alert color="red">{fieldErrors.length > 0 ? fieldErrors.join(' ') : problemMessage(props.error, t)}</Alert>
      )}
      <Group justify="space-between" mt="xs">
        <Button variant="default" onClick={props.onBack}>
          {t('checkout.back')}
        </Button>
        <Button onClick={props.onSubmit} loading={props.busy} disabled={contributorsLow || paidUsersLow}>
          {t('checkout.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec 6: accounts that cannot check out themselves get a chat or e-mail contact option. */
export function NotOffered() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">{t('checkout.notOffered')}</Text>
      <Group gap="xs">
        <Button component="a" href={externalLinks.chatWithUs} target="_blank" rel="noopener noreferrer" variant="light">
          {t('checkout.chat')}
        </Button>
        <Button component="a" href={externalLinks.emailUs} variant="subtle">
          {t('checkout.email')}
        </Button>
      </Group>
    </Stack>
  );
}
