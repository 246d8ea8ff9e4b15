import type { ActivityEvent } from '@formwork/shared/schemas/activity';
import type { TFunction } from '../../lib/translate.tsx';

/** The event in plain words of the user's language, e.g. "Olivia Controller archived the project folder Bridge". */
export function describeEvent(
  t: TFunction,
  event: Pick<ActivityEvent, 'action' | 'subjectType' | 'subjectName' | 'actor' | 'details'>,
) {
  const [area, what] = event.action.split('.');
  // Every audited person exists (audit_events.actor_user_id references users): no actor means the
  // system did it (a job: a trial ending, billing recalculated, the payment provider's notice).
  const who = event.actor
    ? event.actor.name.trim() || t('activity.someone')
    : (linkSource(t, event.details) ?? t('activity.system'));
  const sentence = t('activity.sentence', {
    who,
    verb: t(`activity.verbs.${area}.${what}`, { defaultValue: t('activity.verbs.fallback') }),
    subject: t(`activity.subjects.${event.subjectType}`, { defaultValue: event.subjectType }),
    name: event.subjectName ?? '',
  }).trim();
  const from = event.details.from;
  if (event.action === 'folder.renamed' && typeof from === 'string')
    return sentence + t('activity.renamedFrom', { from });
  // Workspace settings name what changed: "... changed the settings of the workspace Acme: logo, time zone".
  const changed = event.details.changed;
  if (event.action === 'workspace.updated' && Array.isArray(changed) && changed.length > 0) {
    const settings = changed.map((key) => t(`activity.settingNames.${String(key)}`, { defaultValue: String(key) }));
    return sentence + t('activity.settingsChanged', { settings: settings.join(', ') });
  }
  return sentence;
}

/**
 * Who submitted a form through a submission link (issue 21): no one of the workspace, so the
 * submitter as they gave themselves (or someone) through the link's name.
 */
function linkSource(t: TFunction, details: Record<string, unknown>): string | undefined {
  const source = details.source as { link?: unknown; submitterName?: unknown } | undefined;
  if (!source || typeof source.link !== 'string') return undefined;
  const submitter = typeof source.submitterName === 'string' && source.submitterName ? source.submitterName : null;
  return t('activity.throughLink', { who: submitter ?? t('activity.someone'), link: source.link });
}
