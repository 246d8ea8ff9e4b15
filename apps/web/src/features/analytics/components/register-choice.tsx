import type { ChartGroup, ChartValues } from '@formwork/shared/schemas/analytics';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { registerPath } from '../../../lib/form-paths.ts';
import { useTranslation } from '../../../lib/translate.tsx';

type Props = {
  /** The bar, slice or row chosen, with its forms in more than one template. */
  group: ChartGroup & { teamId: string };
  name: string;
  templates: ChartValues['templates'];
  onClose: () => void;
};

/**
 * A register lists the forms of one template: a group of a chart over several templates offers
 * each template's register, filtered to its forms in the group, with how many there are.
 */
export function RegisterChoice({ group, name, templates, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('analytics.openRegisterOf', { name })}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('analytics.registerPerTemplate')}
        </Text>
        {group.registers.map((register) => (
          <Button
            key={register.templateId}
            component={Link}
            to={registerPath(group.teamId, register.templateId, register.filters)}
            variant="light"
            justify="space-between"
            rightSection={t('analytics.formsCount', { count: register.forms })}
          >
            {templates.find((tpl) => tpl.templateId === register.templateId)?.name ?? register.templateId}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
