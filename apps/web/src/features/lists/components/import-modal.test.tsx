import { listDetailSchema, listImportPreviewSchema } from '@formwork/shared/schemas/lists';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../../../test/fake-reply.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ImportModal } from './import-modal.tsx';

const company = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-0000000000c1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const clean = {
  properties: [{ name: 'Type', type: 'text' as const, change: 'added' as const }],
  counts: { added: 2, changed: 1, removed: 3, unchanged: 0 },
  examples: { added: ['Crane', 'Roller'], changed: ['Excavator'], removed: ['A', 'B', 'C'] },
  errors: [],
};
let previewReply: typeof clean | (Omit<typeof clean, 'errors'> & { errors: { line: number; message: string }[] });
let calls: { url: string; body: unknown }[];
let refusal: object | null;
beforeEach(() => {
  calls = [];
  previewReply = clean;
  refusal = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    if (refusal) return json(refusal, 400);
    if (url.endsWith('/import/preview')) return json(fakeReply(listImportPreviewSchema, previewReply));
    return json(
      fakeReply(listDetailSchema, {
        id: listId,
        folderId: company,
        name: 'Plant',
        state: 'active',
        itemCount: 3,
        propertyCount: 1,
        updatedAt: '2026-11-24T10:00:00.000Z',
        sourceListId: null,
        deployment: null,
        properties: [],
      }),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const file = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

describe('ImportModal (issue 18.3)', () => {
  it('warns first, previews added, changed and removed, then replaces the items on request', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<ImportModal opened companyId={company} listId={listId} onClose={onClose} />);
    expect(
      screen.getByText('A CSV upload to a list replaces all items and properties and cannot be undone.'),
    ).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Replace all items' });
    expect(apply).toBeDisabled();
    choose([file('plant.csv', 'Plant,Type\nCrane,Lifting\n')]);
    expect(await screen.findByText('2 added')).toBeInTheDocument();
    expect(screen.getByText('3 removed')).toBeInTheDocument();
    expect(screen.getByText('Changed: Excavator')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    fireEvent.click(apply);
    await waitFor(() => expect(calls[1]?.url).toContain(`/lists/${listId}/import`));
    expect(calls[1]?.body).toEqual({ csv: 'Plant,Type\nCrane,Lifting\n' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('lists the rows with errors and cannot apply; two files at once are refused', async () => {
    previewReply = { ...clean, errors: [{ line: 3, message: 'Hours: Enter a number, such as 12 or -3.5.' }] };
    await renderWithProviders(<ImportModal opened companyId={company} listId={listId} onClose={() => {}} />);
    choose([file('a.csv', 'x'), file('b.csv', 'y')]);
    expect(await screen.findByText('Unable to import more than one CSV file at a time.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    choose([file('plant.csv', 'Plant\n')]);
    expect(await screen.findByText('Hours: Enter a number, such as 12 or -3.5.')).toBeInTheDocument();
    expect(screen.getByText('Line 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace all items' })).toBeDisabled();
  });

  it('reads an XLSX file as its bytes (the first sheet, through the same preview); other types are refused', async () => {
    await renderWithProviders(<ImportModal opened companyId={company} listId={listId} onClose={() => {}} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.xlsx');
    choose([new File(['Plant'], 'plant.xls')]);
    expect(await screen.findByText('Choose a CSV or XLSX file.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    choose([new File([bytes], 'Plant.XLSX')]);
    expect(await screen.findByText('2 added')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ xlsx: 'UEsDBP8A' });
    fireEvent.click(screen.getByRole('button', { name: 'Replace all items' }));
    await waitFor(() => expect(calls[1]?.body).toEqual({ xlsx: 'UEsDBP8A' }));
  });

  it("shows a refused file's reasons with the spec's message", async () => {
    refusal = {
      type: 'https://formwork.dev/problems/listCsvInvalid',
      title: 'CSV file has formatting errors.',
      status: 400,
      code: 'listCsvInvalid',
      errors: [{ path: 'body.xlsx', message: 'This spreadsheet unpacks to more than 200 MB.' }],
    };
    await renderWithProviders(<ImportModal opened companyId={company} listId={listId} onClose={() => {}} />);
    choose([new File([new Uint8Array([1])], 'bomb.xlsx')]);
    const alert = await screen.findByText('CSV file has formatting errors.');
    expect(alert).toHaveTextContent('CSV file has formatting errors.');
    expect(alert).toHaveTextContent('This spreadsheet unpacks to more than 200 MB.');
    expect(screen.getByRole('button', { name: 'Replace all items' })).toBeDisabled();
  });
});
