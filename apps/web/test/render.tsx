import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders, createQueryClient } from '../src/app/providers.tsx';
import { initI18n } from '../src/lib/i18n.ts';

/** Renders inside the app's real providers, with en-US texts. */
export async function renderWithProviders(ui: ReactElement) {
  await initI18n('en-US');
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}
