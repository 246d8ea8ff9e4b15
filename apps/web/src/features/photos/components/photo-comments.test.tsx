import { teamPeopleSchema } from '@formwork/shared/schemas/people';
import { photoCommentSchema, photoCommentsSchema } from '@formwork/shared/schemas/photos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { mentionedIds, mentionQuery, PhotoComments } from './photo-comments.tsx';

const team = '00000000-0000-4000-8000-0000000000b1';
const photoId = '00000000-0000-4000-8000-0000000000d1';
const tara = { id: '00000000-0000-4000-8000-0000000000e1', name: 'Tara Controller' };
const sam = { id: '00000000-0000-4000-8000-0000000000e2', name: 'Sam Member' };
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const existing = {
  id: '00000000-0000-4000-8000-0000000000c1',
  photoId,
  body: 'Is this the bay 2 pour?',
  author: sam,
  mentions: [tara],
  createdAt: '2026-11-20T03:30:00.000Z',
};

let sent: { method: string; url: string; body: unknown }[];
let postReply: (body: { commentId: string; body: string; mentions: string[] }) => Response;
beforeEach(() => {
  sent = [];
  postReply = (body) =>
    json(
      fakeReply(photoCommentSchema, {
        ...existing,
        id: body.commentId,
        body: body.body,
        mentions: [sam],
        author: tara,
      }),
      201,
    );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.endsWith('/people'))
      return json(
        fakeReply(teamPeopleSchema, {
          people: [tara, sam].map((p) => ({
            userId: p.id,
            name: p.name,
            email: 'x@acme.example',
            userType: 'contributor',
          })),
        }),
      );
    if (method === 'POST') return postReply(body);
    return json(fakeReply(photoCommentsSchema, { comments: [existing] }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('photo comments (issue 19.3)', { timeout: 30_000 }, () => {
  it('lists the comments with who they mention', async () => {
    await renderWithProviders(<PhotoComments teamId={team} photoId={photoId} canComment={false} />);
    const list = within(await screen.findByRole('list'));
    expect(list.getByText('Is this the bay 2 pour?')).toBeInTheDocument();
    expect(list.getByText('Sam Member')).toBeInTheDocument();
    expect(list.getByText('Mentioned: Tara Controller')).toBeInTheDocument();
    // Without photo.comment there is no form, and the people are not asked for.
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(sent.some((s) => s.url.endsWith('/people'))).toBe(false);
  });

  it('mentions people typed with @ from a keyboard-navigable list, posts them, then clears the form', async () => {
    await renderWithProviders(<PhotoComments teamId={team} photoId={photoId} canComment />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/people'))).toBe(true));
    await user.type(box, 'Yes, bay 2 @');
    // Everyone who can see the team, narrowed as the name is typed.
    const list = await screen.findByRole('listbox', { name: 'Mention people' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('a');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    await user.keyboard('m');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Sam Member']),
    );
    await user.keyboard('{Backspace}{Backspace}');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    // Arrow down moves the active option; Enter picks it.
    await user.keyboard('{ArrowDown}');
    const options = within(list).getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Yes, bay 2 @Sam Member ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Mentioned: Sam Member')).toBeInTheDocument();
    // Escape closes the list without picking.
    await user.type(box, 'and @T');
    await screen.findByRole('listbox', { name: 'Mention people' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('Yes, bay 2 @Sam Member and @T');

    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.url).toBe(`/api/teams/${team}/photos/${photoId}/comments`);
    expect(post?.body).toEqual({
      commentId: expect.any(String),
      body: 'Yes, bay 2 @Sam Member and @T',
      mentions: [sam.id],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue(''));
  });

  it('forgets a mention whose name was deleted from the text', () => {
    const picked = [
      { id: tara.id, name: tara.name },
      { id: sam.id, name: sam.name },
    ];
    expect(mentionedIds('Hi @Sam Member', picked)).toEqual([sam.id]);
    expect(mentionedIds('Hi all', picked)).toEqual([]);
    expect(mentionQuery('mail a@b', 8)).toBeNull();
    expect(mentionQuery('Hi @Ta', 6)).toEqual({ start: 3, query: 'Ta' });
  });

  it("shows the server's reason when a mention is refused, keeping the text", async () => {
    postReply = () =>
      json(
        {
          type: 'about:blank',
          title: 'Validation failed',
          status: 400,
          code: 'validationFailed',
          detail: 'This person cannot see this team',
          errors: [{ path: 'body.mentions.0', message: 'This person cannot see this team', code: 'invalid' }],
        },
        400,
        'application/problem+json',
      );
    await renderWithProviders(<PhotoComments teamId={team} photoId={photoId} canComment />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Look');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveAccessibleDescription(
        expect.stringContaining('This person cannot see this team'),
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Look');
  });
});
