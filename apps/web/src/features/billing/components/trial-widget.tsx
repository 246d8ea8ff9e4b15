import type { AccountSummary } from '@formwork/shared/schemas/accounts';
import { Badge, Box, Button } from '@mantine/core';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { trialWidgetState } from '../subscription.ts';

/**
 * Spec 2.3: the trial widget of the top bar: the days left of a free trial, with the warning icon
 * at 7 days or fewer, or that the trial ended. It opens the Billing settings for those who may see
 * them (`billingPath`); for others it only informs.
 */
export function TrialWidget({
  account,
  billingPath,
  now = new Date(),
}: {
  account: AccountSummary | null | undefined;
  billingPath: string | null;
  now?: Date;
}) {
  const { t } = useTranslation();
  const state = trialWidgetState(account, now);
  if (!state) return null;
  const warning = state.kind === 'ended' || state.warning;
  const label = state.kind === 'ended' ? t('trial.ended') : t('trial.daysLeft', { count: state.daysLeft });
  const icon = warning ? (
    <IconAlertTriangle size={16} aria-label={t('trial.warning')} role="img" />
  ) : (
    <IconHourglass size={16} aria-hidden />
  );
  const color = warning ? 'orange' : 'blue';
  const short = state.kind === 'ended' ? '0' : String(state.daysLeft);
  const content = (
    <>
      <Box component="span" visibleFrom="sm">
        {label}
      </Box>
      <Box component="span" hiddenFrom="sm" aria-hidden>
        {short}
      </Box>
    </>
  );
  if (billingPath) {
    return (
      <Tooltip label={t('trial.seeBilling')}>
        <Button
          component={Link}
          to={billingPath}
          variant="light"
          color={color}
          size="compact-sm"
          leftSection={icon}
          aria-label={label}
          data-testid="trial-widget"
        >
          {content}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Badge
      variant="light"
      color={color}
      size="lg"
      leftSection={icon}
      aria-label={label}
      data-testid="trial-widget"
      tt="none"
    >
      {content}
    </Badge>
  );
}
