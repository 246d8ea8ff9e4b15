import { type JointVenture, jointVentureSchema } from '@formwork/shared/joint-venture';
import { Checkbox, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translate.tsx';

/** The joint venture as edited: its domain and parent domains as typed. */
export type JointVentureDraft = { enabled: boolean; domain: string; parentDomains: string[] };

export function jointVentureDraft(jv: JointVenture | null): JointVentureDraft {
  return { enabled: jv !== null, domain: jv?.domain ?? '', parentDomains: jv?.parentDomains ?? [] };
}

/** What the draft saves (null: not a joint venture) and the spec 5.4 message of each field, if any. */
export function readJointVentureDraft(draft: JointVentureDraft): {
  value: JointVenture | null;
  errors: { domain?: string; parentDomains?: string };
} {
  if (!draft.enabled) return { value: null, errors: {} };
  const parsed = jointVentureSchema.safeParse({ domain: draft.domain, parentDomains: draft.parentDomains });
  if (parsed.success) return { value: parsed.data, errors: {} };
  const errors: { domain?: string; parentDomains?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'domain' ? 'domain' : 'parentDomains';
    errors[field] ??= issue.message;
  }
  return { value: null, errors };
}

/**
 * Spec 5.4: a joint venture workspace has its own domain and at least two parent domains, the
 * joint venture's differing from the parents; free e-mail providers are refused.
 */
export function JointVentureInput({
  draft,
  onChange,
  disabled,
}: {
  draft: JointVentureDraft;
  onChange: (draft: JointVentureDraft) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = readJointVentureDraft(draft);
  const touched = draft.domain !== '' || draft.parentDomains.length > 0;
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('workspaceSettings.jointVenture')}
        description={t('workspaceSettings.jointVentureHelp')}
        checked={draft.enabled}
        onChange={(e) => onChange({ ...draft, enabled: e.currentTarget.checked })}
        disabled={disabled}
      />
      {draft.enabled && (
        <>
          <TextInput
            label={t('workspaceSettings.jointVentureDomain')}
            placeholder="harbour-jv.com"
            value={draft.domain}
            onChange={(e) => onChange({ ...draft, domain: e.currentTarget.value })}
            error={touched ? errors.domain : undefined}
            disabled={disabled}
          />
          <TagsInput
            label={t('workspaceSettings.parentDomains')}
            description={t('workspaceSettings.parentDomainsHelp')}
            value={draft.parentDomains}
            onChange={(parentDomains) => onChange({ ...draft, parentDomains })}
            error={touched ? errors.parentDomains : undefined}
            disabled={disabled}
          />
        </>
      )}
    </Stack>
  );
}
