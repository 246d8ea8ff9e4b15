import { tagGroupSchema, tagSchema } from '@formwork/shared/schemas/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { TagManager } from './tag-manager.tsx';

const project = '00000000-0000-4000-8000-0000000000a1';
const team = '00000000-0000-4000-8000-0000000000b1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const groups = [
  { id: id(1), folderId: project, level: 'project' as const, name: 'Progress' },
  { id: id(2), folderId: team, level: 'team' as const, name: 'Safety' },
];
const tags = [
  { id: id(11), folderId: project, level: 'project' as const, groupId: id(1), name: 'Pour', colour: 'orange' as const },
  { id: id(12), folderId: team, level: 'team' as const, groupId: id(2), name: 'Hazard', colour: 'red' as const },
  { id: id(13), folderId: team, level: 'team' as const, groupId: null, name: 'Rebar', colour: 'grey' as const },
];

let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.endsWith('/photo-tag-groups') && method === 'POST')
      return json(fakeReply(tagGroupSchema, { id: id(3), folderId: team, level: 'team', name: body.name }), 201);
    if (url.includes('/photo-tag-groups/') && method === 'PATCH')
      return json(fakeReply(tagGroupSchema, { ...groups[1], name: body.name }));
    if (url.includes('/photo-tags/') && method === 'PATCH') return json(fakeReply(tagSchema, { ...tags[2], ...body }));
    if (method === 'DELETE') return json({ id: url.split('/').pop() });
    if (url.endsWith('/photo-tags') && method === 'POST')
      return json(fakeReply(tagSchema, { ...tags[2], id: id(14), name: body.name, groupId: body.groupId }), 201);
    return json({ groups, tags });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A team controller who manages the team's tags (not the project's). */
async function renderManager() {
  await renderWithProviders(
    <TagManager
      teamId={team}
      tags={tags}
      groups={groups}
      homes={[{ level: 'team', folderId: team }]}
      opened
      onClose={() => {}}
    />,
  );
  return userEvent.setup();
}

const listOf = (combobox: HTMLElement) =>
  document.getElementById(combobox.getAttribute('aria-controls') ?? '') as HTMLElement;
const optionsOf = (combobox: HTMLElement) =>
  within(listOf(combobox))
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
const section = (name: string) => document.querySelector(`[data-tag-group="${name}"]`) as HTMLElement;

describe('tag groups (issue 19)', { timeout: 30_000 }, () => {
  it('shows tags in their groups; the project group is read-only to a team controller', async () => {
    await renderManager();
    const progress = section('Progress');
    expect(within(progress).getByText('Pour')).toBeInTheDocument();
    expect(within(progress).queryByRole('textbox')).toBeNull();
    const safety = section('Safety');
    expect(within(safety).getByRole('textbox', { name: 'Tag group name' })).toHaveValue('Safety');
    expect(within(safety).getByRole('textbox', { name: 'Tag name' })).toHaveValue('Hazard');
    expect(within(section('')).getByText('Ungrouped tags')).toBeInTheDocument();
    expect(within(section('')).getByRole('textbox', { name: 'Tag name' })).toHaveValue('Rebar');
  });

  it('creates, renames and deletes a team tag group', async () => {
    const user = await renderManager();
    await user.type(screen.getByRole('textbox', { name: 'New group' }), 'Handover');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: `/api/teams/${team}/photo-tag-groups`,
        body: { name: 'Handover' },
      }),
    );

    const name = within(section('Safety')).getByRole('textbox', { name: 'Tag group name' });
    await user.clear(name);
    await user.type(name, 'Site safety');
    await user.click(screen.getByRole('button', { name: 'Rename tag group Safety' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/teams/${team}/photo-tag-groups/${id(2)}`,
        body: { name: 'Site safety' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete tag group Safety' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'DELETE',
        url: `/api/teams/${team}/photo-tag-groups/${id(2)}`,
        body: undefined,
      }),
    );
    expect(await screen.findByText('Tag group Safety deleted; its tags stay, ungrouped')).toBeInTheDocument();
  });

  it('puts a tag in a group of its own folder, and a new tag in a chosen group', async () => {
    const user = await renderManager();
    const rebar = screen.getByRole('combobox', { name: 'Group of tag Rebar' });
    await user.click(rebar);
    // Only the team's groups: a team tag cannot join the project's group.
    await waitFor(() => expect(optionsOf(rebar)).toEqual(['No group', 'Safety']));
    await user.click(within(listOf(rebar)).getByRole('option', { name: 'Safety', hidden: true }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/teams/${team}/photo-tags/${id(13)}`,
        body: { groupId: id(2) },
      }),
    );

    await user.type(screen.getByRole('textbox', { name: 'New tag' }), 'Scaffold');
    const group = screen.getByRole('combobox', { name: 'Tag group' });
    await user.click(group);
    await waitFor(() => expect(optionsOf(group)).toEqual(['No group', 'Safety']));
    await user.click(within(listOf(group)).getByRole('option', { name: 'Safety', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        url: `/api/teams/${team}/photo-tags`,
        body: { name: 'Scaffold', colour: 'dark-blue', groupId: id(2) },
      }),
    );
  });

  it('shows the reason a group name is refused', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Duplicate',
            status: 409,
            code: 'duplicate',
            detail: 'A tag group with this name already exists here',
          }),
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    const user = await renderManager();
    await user.type(screen.getByRole('textbox', { name: 'New group' }), 'Safety');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'New group' })).toHaveAccessibleDescription(
        'A tag group with this name already exists here',
      ),
    );
  });
});
