import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translate.tsx';

/** Spec 2.6 SMS billing: the product sends no SMS, so nothing is billed for it and there are no records. */
export function SmsBillingSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={720}>
      <Title order={2} fz="h4">
        {t('billing.smsTitle')}
      </Title>
      <Alert color="gray" variant="light" icon={<IconMessageOff size={18} />}>
        <Text size="sm">{t('billing.smsNone')}</Text>
      </Alert>
    </Stack>
  );
}
