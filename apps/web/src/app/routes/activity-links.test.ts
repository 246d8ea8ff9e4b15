import { describe, expect, it } from 'vitest';
import { activityLink } from './activity-links.ts';

const c = '00000000-0000-4000-8000-00000000000c';
const p = '00000000-0000-4000-8000-00000000000d';
const t = '00000000-0000-4000-8000-00000000000e';
const id = '00000000-0000-4000-8000-0000000000aa';
const at = (subjectType: string, folderPath: string[], action = `${subjectType}.created`) =>
  activityLink({ action, subjectType, subjectId: id, folderPath });

describe('activityLink: an activity entry leads to what it is about', () => {
  it('folders, forms, templates, tabs and actions', () => {
    expect(at('project', [c, p], 'folder.archived')).toBe(`/home/projects/${id}/activity`);
    expect(at('team', [c, p, t], 'folder.created')).toBe(`/home/teams/${id}/activity`);
    expect(at('form', [c, p, t], 'form.saved')).toBe(`/apps/teams/${t}/forms/${id}`);
    expect(at('template', [c])).toBe(`/apps/companies/${c}/templates/${id}/edit`);
    expect(at('template', [c, p, t])).toBe(`/apps/teams/${t}/templates/${id}/edit`);
    expect(at('tab', [c])).toBe(`/apps/companies/${c}/active/tabs/${id}`);
    expect(at('action', [c, p, t], 'action.assigned')).toBe(`?actionId=${id}`);
  });

  it('lists: the List Library or the project list', () => {
    expect(at('list', [c])).toBe(`/lists/companies/${c}/${id}`);
    expect(at('list', [c, p], 'list.renamed')).toBe(`/lists/projects/${p}/${id}`);
    expect(at('list', [c], 'list.deleted')).toBeNull();
  });

  it('leads nowhere for deleted subjects and what has no page', () => {
    expect(at('team', [c, p, t], 'folder.deleted')).toBeNull();
    expect(at('form', [c, p, t], 'form.deleted')).toBeNull();
    expect(at('export', [c, p, t])).toBeNull();
    expect(
      activityLink({ action: 'workspace.seeded', subjectType: 'workspace', subjectId: null, folderPath: [c] }),
    ).toBeNull();
  });
});
