import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Traces (issue 25.1, spec 7): a span per request, continuing the browser's W3C `traceparent`, and
 * a child span per SQL statement. Off unless a collector is configured: then no tracer exists, no
 * span is made and a statement costs one AsyncLocalStorage read.
 */
export type Tracing = {
  tracer: Tracer;
  /** Reads the caller's W3C `traceparent`. */
  propagator: TextMapPropagator;
  /** Sends what is still batched and stops. */
  shutdown(): Promise<void>;
};

/** The request being traced: the tracer and the context its statements' spans are children of. */
type Active = { tracer: Tracer; context: Context };

const active = new AsyncLocalStorage<Active>();

export const serviceName = 'formwork-server';

/**
 * A tracer exporting by OTLP over HTTP to `endpoint` (the collector's base URL; spans go to
 * `{endpoint}/v1/traces`), in batches; or to `exporter`, span by span (tests: an in-memory exporter).
 */
export async function createTracing(options: { endpoint: string } | { exporter: SpanExporter }): Promise<Tracing> {
  // The SDK is loaded only when traces are on.
  const [{ W3CTraceContextPropagator }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const processor =
    'exporter' in options
      ? new sdk.SimpleSpanProcessor(options.exporter)
      : new sdk.BatchSpanProcessor(
          new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
            url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
          }),
        );
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [processor],
  });
  return {
    tracer: provider.getTracer(serviceName),
    propagator: new W3CTraceContextPropagator(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * Starts a request's span, a child of the caller's trace when its `traceparent` header names one,
 * and runs `next` (the rest of the request) with it active.
 */
export function startRequestSpan(
  { tracer, propagator }: Pick<Tracing, 'tracer' | 'propagator'>,
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  next: () => void,
): Span {
  const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
  const span = tracer.startSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '/' },
    },
    parent,
  );
  active.run({ tracer, context: trace.setSpan(parent, span) }, next);
  return span;
}

/** Names the request's span by its route pattern (never ids) and ends it with the answer's status. */
export function endRequestSpan(
  span: Span,
  answer: { method: string; route: string | undefined; status: number; requestId: string },
) {
  const { method, route, status, requestId } = answer;
  span.updateName(route ? `${method} ${route}` : method);
  span.setAttributes({
    'http.response.status_code': status,
    'formwork.request_id': requestId,
    ...(route ? { 'http.route': route } : {}),
  });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * Starts one SQL statement's span, a child of the traced request's, and answers the function that
 * ends it (given the statement's error, if any); undefined outside a traced request. Both database
 * drivers send every statement through here (db/client.ts, db/prepared-client.ts).
 */
export function statementSpan(text: string): ((error?: unknown) => void) | undefined {
  const request = active.getStore();
  if (!request) return undefined;
  const span = request.tracer.startSpan(
    statementName(text),
    {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.length > 2000 ? text.slice(0, 2000) : text },
    },
    request.context,
  );
  return (error) => {
    if (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    }
    span.end();
  };
}

/** Runs a statement that answers a promise within {@link statementSpan}. */
export function tracedStatement<T>(text: string, run: () => Promise<T>): Promise<T> {
  const end = statementSpan(text);
  if (!end) return run();
  return run().then(
    (result) => {
      end();
      return result;
    },
    (error: unknown) => {
      end(error);
      throw error;
    },
  );
}

/** The statement's first word (select, insert, begin, ...): span names stay few. */
function statementName(text: string): string {
  const word = /^\s*(\w+)/.exec(text)?.[1];
  return word ? word.toLowerCase() : 'sql';
}
