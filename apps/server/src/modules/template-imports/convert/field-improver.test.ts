import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionPdf } from '../../../../test/import-fixtures.ts';
import { loadConfig } from '../../../config.ts';
import { improveConversion, openAiCompatibleImprover } from './field-improver.ts';
import { convertFillablePdf } from './fillable-pdf.ts';

type Seen = { path: string; authorization?: string; body: { model: string; messages: { content: string }[] } };

/** A tiny OpenAI-compatible chat completions server on loopback; `answer` decides each reply. */
let answer: (res: ServerResponse) => void;
const seen: Seen[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const chatAnswer = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
};

const settings = (timeoutMs = 5_000) => ({ baseUrl, model: 'tiny-model', apiKey: 'sk-local', timeoutMs });
const summary = (f: { type: string; label?: string }) => `${f.type}:${f.label}`;

describe('the optional language model of template import', () => {
  it('improves labels and blank fields’ types from an OpenAI-compatible answer; ids, choices and the rest stay', async () => {
    const conversion = await convertFillablePdf(await inspectionPdf());
    answer = chatAnswer(
      JSON.stringify({
        fields: [
          { id: 'f4', label: 'PPE worn by all workers?' },
          { id: 'f8', label: 'Observations', type: 'singleLineText' },
          { id: 'f1', type: 'date' },
          { id: 'f5', type: 'number', label: 'Weather today' },
          { id: 'f99', label: 'Invented' },
        ],
      }),
    );
    const result = await improveConversion(conversion, openAiCompatibleImprover(settings()));
    expect(result.fields.map(summary)).toEqual([
      'date:Site name',
      'date:Inspection date',
      'singleLineText:Inspector name',
      'yesNo:PPE worn by all workers?',
      'multipleChoice:Weather today',
      'dropdown:Trade',
      'multipleChoice:Hazards',
      'singleLineText:Observations',
      'number:Crew count',
      'signature:Inspector signature',
    ]);
    expect(result.fields.map((f) => f.id)).toEqual(conversion.fields.map((f) => f.id));
    const request = seen.at(-1);
    expect(request).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-local' });
    expect(request?.body.model).toBe('tiny-model');
    expect(request?.body.messages[1]?.content).toContain('Crew count');
  });

  it('leaves the rule-based draft when the provider fails, answers nonsense or is too slow', async () => {
    const conversion = await convertFillablePdf(await inspectionPdf());
    const rules = conversion.fields.map(summary);
    const warnings: string[] = [];
    const log = { warn: (_: unknown, msg: string) => warnings.push(msg) };

    answer = (res) => {
      res.writeHead(500).end('{"error":"down"}');
    };
    expect(
      (await improveConversion(conversion, openAiCompatibleImprover(settings()), log)).fields.map(summary),
    ).toEqual(rules);
    answer = chatAnswer('I would call it a site inspection.');
    expect(
      (await improveConversion(conversion, openAiCompatibleImprover(settings()), log)).fields.map(summary),
    ).toEqual(rules);
    answer = (res) => setTimeout(() => chatAnswer('{"fields":[{"id":"f1","label":"Late"}]}')(res), 1_500);
    const started = Date.now();
    const slow = await improveConversion(conversion, openAiCompatibleImprover(settings(200)), log);
    expect(slow.fields.map(summary)).toEqual(rules);
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(warnings).toHaveLength(3);
  });

  it('is absent unless TEMPLATE_IMPORT_LLM_URL and _MODEL are set, and then nothing is called', async () => {
    expect(loadConfig({}).templateImportLlm).toBeUndefined();
    expect(loadConfig({ TEMPLATE_IMPORT_LLM_URL: 'http://127.0.0.1:9/v1' }).templateImportLlm).toBeUndefined();
    expect(
      loadConfig({
        TEMPLATE_IMPORT_LLM_URL: 'https://llm.example/v1/',
        TEMPLATE_IMPORT_LLM_MODEL: 'small',
        TEMPLATE_IMPORT_LLM_API_KEY: 'k',
      }).templateImportLlm,
    ).toEqual({ baseUrl: 'https://llm.example/v1', model: 'small', apiKey: 'k', timeoutMs: 30_000 });
    const calls = seen.length;
    const conversion = await convertFillablePdf(await inspectionPdf());
    expect(await improveConversion(conversion, undefined)).toBe(conversion);
    expect(seen.length).toBe(calls);
  });
});
