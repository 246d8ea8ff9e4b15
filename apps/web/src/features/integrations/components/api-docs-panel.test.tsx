import { webhookEventTypes } from '@formwork/shared/schemas/webhooks';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ApiDocsPanel } from './api-docs-panel.tsx';

const document = {
  openapi: '3.0.3',
  paths: {
    '/api/me': {
      get: {
        tags: ['identity'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }, { apiToken: [] }],
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    email: { type: 'string' },
                    userId: { type: 'string', format: 'uuid', pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4})$' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/api/me/api-tokens': {
      post: {
        tags: ['integrations'],
        summary: 'Make a personal API token',
        security: [{ bearer: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 100 } } },
            },
          },
        },
        responses: { 201: { description: 'made' } },
      },
    },
    '/api/health/live': { get: { tags: ['health'], summary: 'Liveness', responses: { 200: { description: 'live' } } } },
  },
};

let requested: string[];
beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requested.push(`${init?.method ?? 'GET'} ${url} ${JSON.stringify(init?.headers ?? {})}`);
    return new Response(JSON.stringify(document), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('API documentation', () => {
  it("lists every operation of the server's OpenAPI document by tag, with who may call it and its shapes", async () => {
    await renderWithProviders(<ApiDocsPanel />);
    expect(await screen.findByRole('heading', { name: 'identity' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'integrations' })).toBeInTheDocument();
    expect(requested[0]).toMatch(/^GET \/api\/openapi\.json/);
    expect(requested[0]).not.toContain('authorization');

    fireEvent.click(screen.getByRole('button', { name: /POST \/api\/me\/api-tokens/ }));
    const made = (await screen.findByText('Sign-in only')).closest('[role="region"]') as HTMLElement;
    expect(within(made).getByText('Request body')).toBeInTheDocument();
    expect(within(made).getByText(/"maxLength": 100/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /GET \/api\/me The signed-in user/ }));
    const me = (await screen.findByText('API token or sign-in')).closest('[role="region"]') as HTMLElement;
    expect(within(me).getByText('Answer (200)')).toBeInTheDocument();
    expect(within(me).getByText(/"email"/)).toBeInTheDocument();
    // A uuid's long pattern is left out (its format says it).
    expect(within(me).getByText(/"format": "uuid"/).textContent).not.toContain('pattern');
  }, 20_000);

  it('lists the webhook events with the schema of each body, from the zod schemas the server sends them with', async () => {
    await renderWithProviders(<ApiDocsPanel />);
    expect(screen.getByRole('heading', { name: 'Webhook events' })).toBeInTheDocument();
    expect(screen.getByText('formwork-webhook-signature')).toBeInTheDocument();
    for (const type of webhookEventTypes) expect(screen.getByText(type)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /form\.moved Form moved in a workflow/ }));
    const body = (await screen.findByText(/"const": "form.moved"/)).textContent ?? '';
    expect(JSON.parse(body).properties.data.required).toEqual(
      expect.arrayContaining(['formId', 'templateId', 'workflowColumn', 'values']),
    );
    expect(body).not.toContain('pattern');
  });

  it('narrows the operations to those matching the filter', async () => {
    await renderWithProviders(<ApiDocsPanel />);
    await screen.findByRole('heading', { name: 'health' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter operations' }), { target: { value: 'token' } });
    expect(screen.queryByRole('heading', { name: 'health' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'identity' })).toBeNull();
    expect(screen.getByRole('button', { name: /POST \/api\/me\/api-tokens/ })).toBeInTheDocument();
  });
});
