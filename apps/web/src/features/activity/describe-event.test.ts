import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { describeEvent } from './describe-event.ts';

const event = (
  action: string,
  subjectType: string,
  subjectName: string | null,
  details: Record<string, unknown> = {},
) => ({
  action,
  subjectType,
  subjectName,
  details,
  actor: { userId: '00000000-0000-4000-8000-000000000001', name: 'Olivia Controller' },
});

describe('activity sentences', () => {
  it('says what happened in plain words', async () => {
    const { t } = await initI18n('en-US');
    expect(describeEvent(t, event('folder.renamed', 'team', 'Team A', { from: 'Team 1' }))).toBe(
      'Olivia Controller renamed the team folder Team A (was Team 1)',
    );
    expect(describeEvent(t, event('form.created', 'form', 'Toolbox Talk 9'))).toBe(
      'Olivia Controller created the form Toolbox Talk 9',
    );
    expect(describeEvent(t, event('dashboard.created', 'team', 'Civil Works'))).toBe(
      'Olivia Controller added a dashboard to the team folder Civil Works',
    );
    expect(describeEvent(t, event('template.deployed', 'template', 'Daily Site Diary'))).toBe(
      'Olivia Controller deployed the template Daily Site Diary',
    );
    expect(describeEvent(t, event('action.assigned', 'action', 'Fix the fence'))).toBe(
      'Olivia Controller assigned the action Fix the fence',
    );
    expect(describeEvent(t, event('account.created', 'account', 'Bright Sparks Electrical'))).toBe(
      'Olivia Controller opened the account Bright Sparks Electrical',
    );
  });

  it('names list item edits (issue 24)', async () => {
    const { t } = await initI18n('en-US');
    expect(describeEvent(t, event('list.itemAdded', 'list', 'Cranes'))).toBe(
      'Olivia Controller added an item to the list Cranes',
    );
  });

  it('names the workspace settings that changed (issue 23.1)', async () => {
    const { t } = await initI18n('en-US');
    expect(
      describeEvent(
        t,
        event('workspace.updated', 'workspace', 'Acme', { changed: ['logoFileId', 'documentSettings'] }),
      ),
    ).toBe('Olivia Controller changed the settings of the workspace Acme: logo, documents and formatting');
    expect(describeEvent(t, event('workspace.updated', 'workspace', 'Acme', { changed: ['timeZone'] }))).toBe(
      'Olivia Controller changed the settings of the workspace Acme: time zone',
    );
  });

  it('falls back for an event it has no words for; an event with no person behind it was the system', async () => {
    const { t } = await initI18n('en-US');
    expect(describeEvent(t, { ...event('widget.spun', 'widget', null), actor: null })).toBe(
      'The system changed the widget',
    );
  });

  it('names the source of a form submitted through a link, not the system (issue 21)', async () => {
    const { t } = await initI18n('en-US');
    const submitted = (source: Record<string, unknown>) => ({
      ...event('form.submitted', 'form', 'Gate Sign-in 4', { source }),
      actor: null,
    });
    expect(describeEvent(t, submitted({ link: 'Gate', submitterName: 'Sam Sparks', submitterEmail: null }))).toBe(
      'Sam Sparks (through the link Gate) submitted the form Gate Sign-in 4',
    );
    expect(describeEvent(t, submitted({ link: 'Gate', submitterName: null, submitterEmail: null }))).toBe(
      'Someone (through the link Gate) submitted the form Gate Sign-in 4',
    );
  });

  it('says what the system did to the account (a trial ending, the subscription changing)', async () => {
    const { t } = await initI18n('en-US');
    const bySystem = (action: string) => ({ ...event(action, 'account', 'Bright Sparks'), actor: null });
    expect(describeEvent(t, bySystem('account.trialEnded'))).toBe(
      'The system ended the free trial of the account Bright Sparks',
    );
    expect(describeEvent(t, bySystem('account.subscriptionChanged'))).toBe(
      'The system changed the subscription status of the account Bright Sparks',
    );
    expect(describeEvent(t, bySystem('account.billingRecalculated'))).toBe(
      'The system recalculated the billing of the account Bright Sparks',
    );
    expect(describeEvent(t, event('account.upgraded', 'account', 'Bright Sparks'))).toBe(
      'Olivia Controller upgraded through checkout the account Bright Sparks',
    );
  });
});
