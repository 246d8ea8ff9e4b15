import { Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiDocsPanel } from '../../features/integrations/components/api-docs-panel.tsx';
import { ApiTokensPanel } from '../../features/integrations/components/api-tokens-panel.tsx';
import { useTranslation } from '../../lib/translate.tsx';

const tabs = ['tokens', 'documentation'] as const;
type Tab = (typeof tabs)[number];

/**
 * /integrations/{tab} (issue 24): the signed-in person's API tokens and the API's documentation.
 * Reached from the user menu; the tokens are the person's own, so any signed-in person sees it.
 */
export function IntegrationsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = 'tokens' } = useParams();
  if (!tabs.includes(tab as Tab)) return <Navigate to="/integrations/tokens" replace />;
  return (
    <Stack gap="md" p="md">
      <Title order={2}>{t('integrations.title')}</Title>
      <Tabs value={tab} onChange={(next) => next && navigate(`/integrations/${next}`)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tokens">{t('integrations.tokens.title')}</Tabs.Tab>
          <Tabs.Tab value="documentation">{t('integrations.docs.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tokens" pt="md">
          <ApiTokensPanel />
        </Tabs.Panel>
        <Tabs.Panel value="documentation" pt="md">
          <ApiDocsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
