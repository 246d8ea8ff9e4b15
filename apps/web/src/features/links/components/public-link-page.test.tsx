import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PublicLinkPage } from './public-link-page.tsx';

// The proof of work itself runs in the e2e test (Chromium); here the check answers at once.
vi.mock('../../../components/human-check/human-check-widget.tsx', () => ({
  HumanCheckWidget: ({ onAnswer }: { onAnswer: (get: () => Promise<string>) => void }) => {
    onAnswer(async () => 'solved-check');
    return <p>human check</p>;
  },
}));

// jsdom has no canvas: a drawing context that draws nothing, and a PNG of a few bytes (as form-fields.test).
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return new Proxy({}, { get: (_target, key) => (key === 'canvas' ? this : () => undefined), set: () => true });
} as unknown as HTMLCanvasElement['getContext'];
HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
  callback(new Blob(['png'], { type: 'image/png' }));
};

const token = 't'.repeat(43);
const templateId = '00000000-0000-4000-8000-000000000001';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string, meta?: Record<string, unknown>) =>
  json({ type: 'about:blank', title: code, status, code, errors: [], ...(meta ? { meta } : {}) }, status);

const link = {
  name: 'Site visitors',
  kind: 'ongoing',
  askSubmitterName: true,
  askSubmitterEmail: false,
  humanCheck: 'altcha',
  recaptchaSiteKey: null,
  templates: [
    {
      id: templateId,
      name: 'Visitor sign-in',
      type: 'timeline',
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'host', type: 'singlePerson', label: 'Host' },
        ],
      },
    },
  ],
};

let requests: { url: string; method: string; body: unknown }[];
const lastFormId = () => (requests.at(-1)?.body as { formId?: string } | undefined)?.formId ?? '';
let pageReply: () => Response;
let submitReply: () => Response;
beforeEach(() => {
  requests = [];
  pageReply = () => json(link);
  submitReply = () => json({ formId: lastFormId(), created: true, receipt: 'r'.repeat(43) }, 201);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST') return submitReply();
    return pageReply();
  });
});
afterEach(() => vi.unstubAllGlobals());

const signed = {
  ...link,
  askSubmitterName: false,
  templates: [
    {
      id: templateId,
      name: 'Induction',
      type: 'timeline',
      definition: {
        fields: [
          { id: 'company', type: 'singleLineText', label: 'Company', required: true },
          { id: 'sig', type: 'manualSignature', label: 'Your signature', required: true },
        ],
      },
    },
  ],
};

describe('PublicLinkPage with a signature', () => {
  it('uploads it with a grant for this fill after the human check; Submit pressed while it uploads waits and sends it', {
    timeout: 30_000,
  }, async () => {
    const fileId = '00000000-0000-4000-8000-0000000000f1';
    const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
    let finishUpload: (() => void) | undefined;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      sent.push({ url, method, headers: (init?.headers ?? {}) as Record<string, string>, body });
      if (url.endsWith('/upload-grants'))
        return json({ grant: `${'g'.repeat(40)}.mac`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, 201);
      if (url.includes('/files?'))
        return new Promise<Response>((resolve) => {
          finishUpload = () =>
            resolve(json({ fileId, contentType: 'image/png', byteSize: 10, width: 6, height: 2 }, 201));
        });
      if (method === 'POST')
        return json({ formId: (body as { formId: string }).formId, created: true, receipt: 'r'.repeat(43) }, 201);
      return json(signed);
    });
    await renderWithProviders(<PublicLinkPage token={token} />);
    expect(await screen.findByText(/Confirm that you are not a robot first/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Sparks Electrical' } });
    fireEvent.change(screen.getByLabelText('Type your full name'), { target: { value: 'Sam Sparks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(finishUpload).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((r) => r.url.endsWith('/submissions'))).toHaveLength(0);
    finishUpload?.();
    expect(await screen.findByRole('heading', { name: 'Thank you, your form was submitted' })).toBeTruthy();

    const grant = sent.find((r) => r.url.endsWith('/upload-grants'));
    const upload = sent.find((r) => r.url.includes('/files?'));
    const submission = sent.find((r) => r.url.endsWith('/submissions'));
    expect(upload?.url).toBe(`/api/public/links/${token}/files?purpose=signature`);
    expect(upload?.headers['upload-grant']).toBe(`${'g'.repeat(40)}.mac`);
    expect(grant?.body).toEqual({
      formId: (submission?.body as { formId?: string } | undefined)?.formId,
      humanCheck: 'solved-check',
    });
    expect(submission?.body).toMatchObject({
      values: { company: 'Sparks Electrical', sig: { fileId, signerName: 'Sam Sparks' } },
    });
  });
});

describe('PublicLinkPage', () => {
  it('fills the template, asks the name, submits once with an idempotency key and offers the PDF copy', {
    timeout: 30_000,
  }, async () => {
    await renderWithProviders(<PublicLinkPage token={token} />);
    expect(await screen.findByRole('heading', { name: 'Site visitors' })).toBeTruthy();
    // Person fields cannot be filled through a link.
    expect(screen.getByText('This field cannot be filled in through a link')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Sam Sparks' } });
    fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Sparks Electrical' } });
    // The first answer is lost (the server made the form): the retry sends the same form id.
    submitReply = () => json({ type: 'about:blank', title: 'x', status: 500, code: 'internal', errors: [] }, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    submitReply = () => json({ formId: lastFormId(), created: false, receipt: 'r'.repeat(43) });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, your form was submitted' })).toBeTruthy();

    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.url).toBe(`/api/public/links/${token}/submissions`);
    expect(posts[0]?.body).toMatchObject({
      templateId,
      values: { company: 'Sparks Electrical' },
      submitterName: 'Sam Sparks',
      humanCheck: 'solved-check',
    });
    const ids = posts.map((p) => (p.body as { formId: string }).formId);
    expect(ids[1]).toBe(ids[0]);
    const pdf = screen.getByRole('link', { name: 'Download a PDF copy' });
    const formId = (posts[0]?.body as { formId: string } | undefined)?.formId ?? '';
    expect(pdf.getAttribute('href')).toMatch(
      new RegExp(`^/api/public/links/${token}/submissions/${formId}/pdf\\?receipt=${'r'.repeat(43)}`),
    );
    // An ongoing link takes another, with a new form id.
    fireEvent.click(screen.getByRole('button', { name: 'Submit another form' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it.each([
    [problem(404, 'linkNotFound'), "We couldn't find this link"],
    [problem(410, 'linkClosed', { reason: 'expired' }), 'This link has expired'],
    [problem(410, 'linkClosed', { reason: 'used' }), 'This link has already been used'],
    [problem(410, 'linkClosed', { reason: 'full' }), 'This link has reached its maximum number of submissions'],
  ])('shows a clear page for an unknown, archived, expired, used or full link (%#)', async (reply, title) => {
    pageReply = () => reply.clone();
    await renderWithProviders(<PublicLinkPage token={token} />);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('a link used by someone else meanwhile shows the used page on submit', async () => {
    await renderWithProviders(<PublicLinkPage token={token} />);
    await screen.findByRole('heading', { name: 'Site visitors' });
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Sparks' } });
    submitReply = () => problem(410, 'linkClosed', { reason: 'used' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This link has already been used' })).toBeTruthy());
  });
});
