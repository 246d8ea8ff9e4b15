/**
 * Addresses of forms, registers and workflow boards of a team (spec 2.2: apps grid and register
 * paths are apps/teams/{id}/grid|register/{templateId}). Features link to each other by address.
 */
const enc = encodeURIComponent;

export const teamFormsPath = (teamId: string, state: 'active' | 'archived' = 'active') =>
  `/apps/teams/${enc(teamId)}/forms${state === 'archived' ? '?state=archived' : ''}`;
export const formPath = (teamId: string, formId: string) => `/apps/teams/${enc(teamId)}/forms/${enc(formId)}`;
export const newFormPath = (teamId: string, templateId: string) =>
  `/apps/teams/${enc(teamId)}/forms/new/${enc(templateId)}`;
/** A template's register, filtered by `filters` (`key:op:value`, as the register writes them) when given. */
export const registerPath = (teamId: string, templateId: string, filters: readonly string[] = []) =>
  `/apps/teams/${enc(teamId)}/register/${enc(templateId)}${
    filters.length > 0 ? `?${new URLSearchParams(filters.map((f) => ['filter', f]))}` : ''
  }`;
/** The template's forms: the workflow board for a Workflow template, its feed otherwise. */
export const gridPath = (teamId: string, templateId: string) => `/apps/teams/${enc(teamId)}/grid/${enc(templateId)}`;

/** A client-generated id for a new form (retries of the same create never duplicate it). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
