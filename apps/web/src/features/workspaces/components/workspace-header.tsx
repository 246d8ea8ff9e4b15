import { Avatar, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { AuthImage } from '../../../components/ui/auth-image.tsx';
import { Tooltip } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

/** Spec 9: the company logo is at most 96 by 32 px. */
export const logoMaxWidth = 96;
export const logoMaxHeight = 32;

type Props = {
  name: string | undefined;
  logoUrl: string | null | undefined;
  loading: boolean;
  onSwitch: () => void;
  /** Spec 2.4: the switcher button is disabled in deploy mode. */
  switchDisabled?: boolean;
};

/** A workspace's uploaded logo within 96 x 32 px, or its initials when it has none. */
export function WorkspaceLogo({ name, logoUrl }: { name: string; logoUrl: string | null | undefined }) {
  // The workspace's logo is served by the API to its members (a bearer token): fetched as a blob.
  return logoUrl ? (
    <AuthImage src={logoUrl} alt={name} maw={logoMaxWidth} mah={logoMaxHeight} w="auto" fit="contain" />
  ) : (
    <Avatar size={32} radius="sm" color="blue" variant="filled" aria-hidden>
      {name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

/** The top of the folder navigation: the company logo (or a spinner) and the switcher button. */
export function WorkspaceHeader({ name, logoUrl, loading, onSwitch, switchDisabled }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" mih={40}>
      {loading ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <WorkspaceLogo name={name ?? ''} logoUrl={logoUrl} />
      )}
      <Tooltip label={t('workspaces.switch')} openDelay={400}>
        <UnstyledButton
          onClick={onSwitch}
          disabled={switchDisabled}
          aria-label={t('workspaces.switchCurrent', { name: name ?? '' })}
          style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 4 }}
          px={6}
          py={4}
        >
          <Text fw={600} size="sm" truncate="end" style={{ flex: 1 }}>
            {name ?? ''}
          </Text>
          <IconSelector size={16} color="var(--mantine-color-gray-6)" />
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}
