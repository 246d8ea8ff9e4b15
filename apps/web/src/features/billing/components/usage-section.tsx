import { limitsFor, type PlanFeature, planAllows, planFeatures, planLimitKeys } from '@formwork/shared/limits';
import { Alert, Badge, Group, List, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translate.tsx';
import { useAccountUsage, useWorkspaceAccount } from '../api/account.ts';

/** The usage figure that says whether a feature is in use. */
function featureInUse(feature: PlanFeature, usage: Record<string, number | boolean>): boolean {
  switch (feature) {
    case 'approvalSignatureLogic':
      return Number(usage.approvalSignatureLogicFields) > 0;
    case 'multipleWorkspaces':
      return Number(usage.workspaces) > 1;
    case 'sso':
      return Boolean(usage.ssoEnabled);
    default:
      return Number(usage[feature]) > 0;
  }
}

/**
 * Spec 2.6 workspace settings, Usage (issue 17.5, spec 5.2): each limit of the account's plan and
 * how much of it is used, the features the plan leaves out, and the plans the usage exceeds (they
 * cannot be chosen, with the spec's message).
 */
export function UsageSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const account = useWorkspaceAccount(workspaceId);
  const usage = useAccountUsage(workspaceId);
  if (usage.isPending || account.isPending) return <Loader aria-label={t('app.loading')} />;
  if (usage.isError || account.isError) return <Alert color="red">{t('billing.loadFailed')}</Alert>;
  const plan = account.data.planType;
  const used = usage.data.usage;
  const limits = limitsFor(plan);
  const current = usage.data.plans.find((p) => p.plan === plan);
  const others = usage.data.plans.filter((p) => p.plan !== plan && p.plan !== 'free_trial');
  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('billing.usageTitle', { plan: t(`plans.${plan}`) })}
      </Title>
      {current?.message && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t('billing.planExceeded')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="xs" aria-label={t('billing.limitsTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.limit')}</Table.Th>
              <Table.Th ta="right">{t('billing.used')}</Table.Th>
              <Table.Th ta="right">{t('billing.planAllows')}</Table.Th>
              <Table.Th w="30%" visibleFrom="sm" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {planLimitKeys.map((key) => {
              const over = used[key] > limits[key];
              return (
                <Table.Tr key={key}>
                  <Table.Td>{t(`billing.names.${key}`)}</Table.Td>
                  <Table.Td ta="right" c={over ? 'red' : undefined} fw={over ? 700 : undefined}>
                    {used[key]}
                  </Table.Td>
                  <Table.Td ta="right">{limits[key] === 0 ? t('billing.notOnPlan') : limits[key]}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Progress
                      value={
                        limits[key] === 0 ? (used[key] > 0 ? 100 : 0) : Math.min(100, (used[key] / limits[key]) * 100)
                      }
                      color={over ? 'red' : 'blue'}
                      aria-hidden
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
            <Table.Tr>
              <Table.Td>{t('billing.names.visitors')}</Table.Td>
              <Table.Td ta="right">{used.visitors}</Table.Td>
              <Table.Td ta="right">
                {planAllows(plan, 'visitors') ? t('billing.included') : t('billing.notOnPlan')}
              </Table.Td>
              <Table.Td visibleFrom="sm" />
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('billing.workspaces')}</Table.Td>
              <Table.Td ta="right">{used.workspaces}</Table.Td>
              <Table.Td ta="right">
                {planAllows(plan, 'multipleWorkspaces') ? t('billing.included') : t('billing.oneWorkspace')}
              </Table.Td>
              <Table.Td visibleFrom="sm" />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t('billing.features')}
        </Title>
        <List spacing={4} size="sm" listStyleType="none">
          {planFeatures.map((feature) => {
            const included = planAllows(plan, feature);
            const inUse = featureInUse(feature, used);
            return (
              <List.Item key={feature}>
                <Group gap={6} wrap="nowrap">
                  {included ? (
                    <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
                  ) : (
                    <IconAlertTriangle size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                  )}
                  <Text size="sm">{t(`billing.names.${feature}`)}</Text>
                  <Text size="xs" c={!included && inUse ? 'red' : 'dimmed'}>
                    {included ? t('billing.included') : t('billing.notOnPlan')}
                  </Text>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="h5">
          {t('billing.otherPlans')}
        </Title>
        {others.map((p) => (
          <Group key={p.plan} gap="xs" wrap="nowrap" align="flex-start">
            <Badge variant="light" color={p.message ? 'orange' : 'green'} miw={90}>
              {t(`plans.${p.plan}`)}
            </Badge>
            <Text size="sm" c={p.message ? undefined : 'dimmed'}>
              {p.message
                ? `${t('billing.planExceeded')} (${p.exceeded.map((key) => t(`billing.names.${key}`)).join(', ')})`
                : t('billing.planFits')}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
