import './app/first-screen-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { installErrorReporter } from './lib/error-reporter.ts';
import { initI18n } from './lib/i18n.ts';
import { AppRouter } from './lib/navigation.tsx';

// Before anything else can fail: errors and unhandled rejections are reported (issue 25.2).
installErrorReporter({
  release: document.querySelector('meta[name="formwork-build"]')?.getAttribute('content') ?? undefined,
});
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
