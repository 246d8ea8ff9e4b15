import { projectAlignmentAnswerSchema, projectAlignmentSchema } from '@formwork/shared/schemas/photos';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { AlignmentManager } from './alignment-manager.tsx';

const team = '00000000-0000-4000-8000-0000000000b1';
const project = '00000000-0000-4000-8000-0000000000a1';
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
const kml =
  '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><LineString><coordinates>151.2,-33.87 151.21,-33.87</coordinates></LineString></Placemark></kml>';

let sent: { method: string; url: string; body: unknown }[];
let putReply: () => Response;
beforeEach(() => {
  sent = [];
  putReply = () =>
    json(
      fakeReply(projectAlignmentSchema, {
        projectId: project,
        fileName: 'road.kml',
        lines: [
          [
            [151.2, -33.87],
            [151.21, -33.87],
          ],
        ],
        lengthM: 923.26,
        updatedAt: '2026-11-20T03:30:00.000Z',
      }),
    );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (method === 'PUT') return putReply();
    return json(fakeReply(projectAlignmentAnswerSchema, { alignment: null, tiles: null }));
  });
});
afterEach(() => vi.unstubAllGlobals());

function chooseFile(name: string, text: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  return userEvent.upload(input, new File([text], name, { type: 'application/vnd.google-earth.kml+xml' }));
}

describe('alignment manager', () => {
  it("uploads the chosen file's text to the project", async () => {
    await renderWithProviders(<AlignmentManager teamId={team} projectId={project} onClose={() => {}} />);
    expect(await screen.findByText('This project has no alignment.')).toBeInTheDocument();
    await chooseFile('road.kml', kml);
    await vi.waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/projects/${project}/photo-alignment`,
      body: { fileName: 'road.kml', content: kml },
    });
  });

  it("shows the server's reason when it refuses the file", async () => {
    putReply = () =>
      json(
        {
          type: 'about:blank',
          title: 'Validation failed',
          status: 400,
          code: 'validationFailed',
          detail: 'The file is not valid KML',
          errors: [{ path: 'body.content', message: 'The file is not valid KML', code: 'invalid' }],
        },
        400,
        'application/problem+json',
      );
    await renderWithProviders(<AlignmentManager teamId={team} projectId={project} onClose={() => {}} />);
    await screen.findByText('This project has no alignment.');
    await chooseFile('bad.kml', '<kml>');
    expect(await screen.findByText('The file is not valid KML', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(1);
  });
});
