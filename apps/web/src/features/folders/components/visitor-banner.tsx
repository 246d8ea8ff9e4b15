import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/translate.tsx';

/** Spec 4.4: a visitor without a workspace of their own is told so, with a way to create one. */
export function VisitorBanner({
  onCreateWorkspace,
  visitorTrialLink,
}: {
  onCreateWorkspace?: () => void;
  visitorTrialLink?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="violet" variant="light" p="xs">
      <Text size="xs">{t('folders.visitorOnlyBanner')}</Text>
      <Group gap="xs" mt={4}>
        {onCreateWorkspace && (
          <Anchor component="button" size="xs" onClick={onCreateWorkspace}>
            {t('folders.visitorOnlyCreate')}
          </Anchor>
        )}
        {visitorTrialLink && (
          <Anchor href={visitorTrialLink} target="_blank" rel="noopener noreferrer" size="xs">
            {t('folders.learnMore')}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}
