import { Button, Code, Group, List, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { OnDemandModal } from '../components/ui/on-demand-modal.tsx';
import { domainsToAllow, externalLinks } from '../lib/links.ts';
import { useTranslation } from '../lib/translate.tsx';

let open = false;
const listeners = new Set<() => void>();
const setOpen = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};

export const openFirewallModal = () => setOpen(true);

/** Spec 8.1: the global ping failed, so the network blocks us; say which domains to allow. */
export function FirewallModal() {
  const { t } = useTranslation();
  const opened = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
  return (
    <OnDemandModal opened={opened} onClose={() => setOpen(false)} title={t('firewall.title')} centered>
      <Text size="sm">{t('firewall.body')}</Text>
      <List my="sm" size="sm">
        {domainsToAllow().map((domain) => (
          <List.Item key={domain}>
            <Code>{domain}</Code>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="md">
        <Button
          component="a"
          href={externalLinks.firewallHelp}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
        >
          {t('firewall.learnMore')}
        </Button>
        <Button component="a" href={externalLinks.chatWithUs} target="_blank" rel="noopener noreferrer">
          {t('firewall.chat')}
        </Button>
      </Group>
    </OnDemandModal>
  );
}
