import { passwordRules } from '@formwork/shared/schemas/identity';
import { List, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translate.tsx';

/** Spec 5.7: the password rules, each ticked once met (activation and sign-up). */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <List spacing={2} size="sm" center aria-label={t('activation.rules')}>
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.id}
            data-met={met}
            icon={met ? <IconCheck size={14} color="green" /> : <IconX size={14} color="gray" />}
          >
            <Text size="sm" c={met ? undefined : 'dimmed'}>
              {t(`activation.passwordRules.${rule.id}`)}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

export const passwordRulesMet = (password: string) => passwordRules.every((rule) => rule.test(password));
