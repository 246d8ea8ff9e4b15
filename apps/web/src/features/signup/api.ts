import {
  type EmailCheckResult,
  emailCheckResultSchema,
  type SignupBody,
  type SignupCompleteResult,
  type SignupConfig,
  type SubdomainResult,
  signupCompleteResultSchema,
  signupConfigSchema,
  signupStoredSchema,
  subdomainResultSchema,
} from '@formwork/shared/schemas/signup';
import { apiRequest } from '../../lib/http.ts';

/** The sign-up calls (spec 7: unique-e-mail check, account subdomain, sign-up submit). */
export const signupApi = {
  config: () => apiRequest<SignupConfig>('/api/signup/config', { anonymous: true, response: signupConfigSchema }),
  checkEmail: (email: string, step: 'live' | 'next') =>
    apiRequest<EmailCheckResult>('/api/signup/email-check', {
      method: 'POST',
      anonymous: true,
      body: { email, step },
      response: emailCheckResultSchema,
    }),
  subdomain: (email: string, companyName: string) =>
    apiRequest<SubdomainResult>('/api/signup/subdomain', {
      method: 'POST',
      anonymous: true,
      body: { email, companyName },
      response: subdomainResultSchema,
    }),
  save: (signupId: string, body: SignupBody) =>
    apiRequest(`/api/signups/${signupId}`, { method: 'PUT', anonymous: true, body, response: signupStoredSchema }),
  complete: (signupId: string, humanCheck: string) =>
    apiRequest<SignupCompleteResult>(`/api/signups/${signupId}/complete`, {
      method: 'POST',
      anonymous: true,
      body: { humanCheck },
      response: signupCompleteResultSchema,
    }),
};

export const signupKeys = { config: ['signup', 'config'] as const };
