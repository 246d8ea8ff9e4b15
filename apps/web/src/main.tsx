import './app/first-screen-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { AppRouter } from './lib/navigation.tsx';

await initI18n(undefined, { firstScreenOnly: true });
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  </StrictMode>,
);
