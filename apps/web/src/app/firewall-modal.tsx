import { Button, Code, Group, List, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { OnDemandModal } from '../components/ui/on-demand-modal.tsx';
import { domainsToAllow, externalLinks } from '../lib/links.ts';
import { useTranslation } from '../lib/translate.tsx';
import { firewallStore } from './firewall-store.ts';

/** Spec 8.1: the global ping failed, so the network blocks us; say which domains to allow. */
export function FirewallModal() {
  const { t } = useTranslation();
  const opened = useSyncExternalStore(firewallStore.subscribe, firewallStore.opened);
  return (
    <OnDemandModal opened={opened} onClose={() => firewallStore.set(false)} title={t('firewall.title')} centered>
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
