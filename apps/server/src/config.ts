import path from 'node:path';
import type { MapTiles } from '@formwork/shared/schemas/photos';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  PUBLIC_URL: z.string().url().optional(),
  REGION: z.string().default('local'),
  REGION_URLS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_PASSWORD: z.string().min(10).optional(),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Formwork <no-reply@formwork.local>'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  HUMAN_CHECK: z.enum(['altcha', 'recaptcha']).default('altcha'),
  ALTCHA_HMAC_SECRET: z.string().min(16).optional(),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(5_000),
  LINK_CHALLENGES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(60),
  LINK_SUBMITS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(30),
  LINK_SUBMITS_PER_LINK: z.coerce.number().int().min(1).max(10_000_000).default(3_000),
  LINK_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(200),
  LINK_UPLOADS_PER_LINK: z.coerce.number().int().min(1).max(10_000_000).default(5_000),
  DNS_SERVERS: z.string().optional(),
  SSO_SECRET_KEY: z.string().min(32).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  METRICS_TOKEN: z.string().min(16).optional(),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  MAP_TILES_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/\S*$/, 'must be an http(s) URL')
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must hold {z}, {x} and {y}')
    .optional(),
  MAP_TILES_ATTRIBUTION: z.string().min(1).max(200).optional(),
  MAP_TILES_MAX_ZOOM: z.coerce.number().int().min(0).max(22).default(19),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  TEMPLATE_IMPORT_LLM_URL: z.string().url().optional(),
  TEMPLATE_IMPORT_LLM_MODEL: z.string().min(1).optional(),
  TEMPLATE_IMPORT_LLM_API_KEY: z.string().min(1).optional(),
  TEMPLATE_IMPORT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  SENTRY_DSN: z
    .string()
    .regex(/^https?:\/\/[^@/]+@[^/]+\/(.+\/)?\d+\/?$/, 'must look like https://<public key>@<host>/<project id>')
    .optional(),
});

export type TemplateImportLlmConfig = { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  /** HOST when set; otherwise chosen at start by {@link listenHost}. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  region: string;
  /** Where each region's deployment lives, for sending users to their workspace's region. */
  regionUrls: Record<string, string>;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demoPassword: string;
  demoPasswordDefaulted: boolean;
  webDist: string;
  shutdownGraceMs: number;
  oidc: OidcConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  payments: PaymentConfig;
  humanCheck: HumanCheckConfig;
  linkLimits: LinkLimits;
  /** Name servers (`ip` or `ip:port`) that domain verification asks; empty: the system's. */
  dnsServers: string[];
  /** The key that seals workspaces' single sign-on client secrets; unset: one kept in the database. */
  ssoSecretKey: string | undefined;
  /** The bearer token Prometheus scrapes /metrics with; unset: no metrics are kept. */
  metricsToken: string | undefined;
  /** Calls a personal API token may make per minute (per process): API_TOKEN_RATE_LIMIT, default 600. */
  apiTokenRateLimit: number;
  /**
   * Tiles drawn under the gallery's map (MAP_TILES_URL, e.g. `https://tile.example.org/{z}/{x}/{y}.png`,
   * with its attribution and highest zoom). Unset: the map draws the alignment and the photos on
   * their own and no outside server is asked for anything.
   */
  mapTiles: MapTiles | undefined;
  /**
   * The OpenTelemetry collector's base URL: traces go to `{url}/v1/traces` by OTLP over HTTP.
   * Unset: nothing is traced and nothing is sent.
   */
  otlpEndpoint: string | undefined;
  /**
   * An OpenAI-compatible chat completions service that may improve imported templates' labels and
   * field types (TEMPLATE_IMPORT_LLM_URL, the base URL such as `https://host/v1`, with
   * TEMPLATE_IMPORT_LLM_MODEL, optional TEMPLATE_IMPORT_LLM_API_KEY and _TIMEOUT_MS, default 30 s).
   * Unset: the rules alone convert and nothing is called.
   */
  templateImportLlm: TemplateImportLlmConfig | undefined;
  /**
   * A Sentry-compatible service's DSN: error reports are sent there as envelopes. Unset: they are
   * kept in the error_reports table, which platform admins browse.
   */
  sentryDsn: string | undefined;
  /**
   * Whether webhook receivers may be on private, loopback or link-local addresses (a test or an
   * intranet deployment). Off: such receivers are refused, so a webhook cannot reach the host's network.
   */
  webhooksAllowPrivateAddresses: boolean;
};

/**
 * Who takes payments (issue 17.4): the local test provider (a clearly marked test payment page
 * served by this server) unless PAYMENT_PROVIDER=stripe, which needs STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET (the endpoint secret that signs Stripe's webhooks).
 */
export type PaymentConfig =
  | { provider: 'test' }
  | { provider: 'stripe'; stripeSecretKey: string; stripeWebhookSecret: string };

/**
 * The sign-up's human check (issue 17.1): a self-hosted proof of work (ALTCHA) by default, or
 * reCAPTCHA v3 when HUMAN_CHECK=recaptcha with its keys. Without ALTCHA_HMAC_SECRET challenges are
 * signed with a secret generated once and kept in the database, shared by every process and restart.
 */
export type HumanCheckConfig =
  | { kind: 'altcha'; hmacSecret: string | undefined; maxCounter: number }
  | { kind: 'recaptcha'; siteKey: string; secretKey: string; minScore: number };

/**
 * How much a submission link's public page takes per 10 minutes (issue 21): human-check challenges
 * and submissions per address, and submissions per link; past them it answers 429.
 */
export type LinkLimits = {
  challengesPerAddress: number;
  submitsPerAddress: number;
  submitsPerLink: number;
  /** Photos, sketches and signatures one address, and one link from every address, may upload per 10 minutes. */
  uploadsPerAddress: number;
  uploadsPerLink: number;
};

/**
 * Who signs users in: the embedded provider at {PUBLIC_URL}/idp unless OIDC_ISSUER names an
 * external one. The API accepts access tokens from that issuer for that audience.
 */
export type OidcConfig = {
  embedded: boolean;
  issuer: string;
  clientId: string;
  audience: string;
};

export const embeddedClientId = 'formwork-web';

export const defaultDemoPassword = 'Formwork-demo-2026';

const serverRoot = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    region: e.REGION,
    regionUrls: { ...parseRegionUrls(e.REGION_URLS), [e.REGION]: publicUrl },
    logLevel: e.LOG_LEVEL,
    demoPassword: e.DEMO_PASSWORD ?? defaultDemoPassword,
    demoPasswordDefaulted: e.DEMO_PASSWORD === undefined,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    oidc: oidcConfig(e, publicUrl),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payments: paymentConfig(e),
    humanCheck: humanCheckConfig(e),
    linkLimits: {
      challengesPerAddress: e.LINK_CHALLENGES_PER_ADDRESS,
      submitsPerAddress: e.LINK_SUBMITS_PER_ADDRESS,
      submitsPerLink: e.LINK_SUBMITS_PER_LINK,
      uploadsPerAddress: e.LINK_UPLOADS_PER_ADDRESS,
      uploadsPerLink: e.LINK_UPLOADS_PER_LINK,
    },
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ssoSecretKey: e.SSO_SECRET_KEY,
    metricsToken: e.METRICS_TOKEN,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    mapTiles: e.MAP_TILES_URL
      ? { urlTemplate: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION ?? null, maxZoom: e.MAP_TILES_MAX_ZOOM }
      : undefined,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''),
    templateImportLlm:
      e.TEMPLATE_IMPORT_LLM_URL && e.TEMPLATE_IMPORT_LLM_MODEL
        ? {
            baseUrl: e.TEMPLATE_IMPORT_LLM_URL.replace(/\/+$/, ''),
            model: e.TEMPLATE_IMPORT_LLM_MODEL,
            apiKey: e.TEMPLATE_IMPORT_LLM_API_KEY,
            timeoutMs: e.TEMPLATE_IMPORT_LLM_TIMEOUT_MS,
          }
        : undefined,
    sentryDsn: e.SENTRY_DSN,
    webhooksAllowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
  };
}

function humanCheckConfig(e: z.infer<typeof envSchema>): HumanCheckConfig {
  if (e.HUMAN_CHECK === 'altcha')
    return { kind: 'altcha', hmacSecret: e.ALTCHA_HMAC_SECRET, maxCounter: e.ALTCHA_MAX_COUNTER };
  if (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)
    throw new Error(
      'Invalid configuration:\n  RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are required with HUMAN_CHECK=recaptcha',
    );
  return {
    kind: 'recaptcha',
    siteKey: e.RECAPTCHA_SITE_KEY,
    secretKey: e.RECAPTCHA_SECRET_KEY,
    minScore: e.RECAPTCHA_MIN_SCORE,
  };
}

function paymentConfig(e: z.infer<typeof envSchema>): PaymentConfig {
  if (e.PAYMENT_PROVIDER === 'test') return { provider: 'test' };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required with PAYMENT_PROVIDER=stripe',
    );
  }
  return { provider: 'stripe', stripeSecretKey: e.STRIPE_SECRET_KEY, stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET };
}

function parseRegionUrls(value: string | undefined): Record<string, string> {
  if (!value) return {};
  const parsed = z.record(z.string(), z.string().url()).safeParse(JSON.parse(value));
  if (!parsed.success) throw new Error('Invalid configuration:\n  REGION_URLS must be a JSON object of region to URL');
  return parsed.data;
}

function oidcConfig(e: z.infer<typeof envSchema>, publicUrl: string): OidcConfig {
  if (!e.OIDC_ISSUER) {
    return { embedded: true, issuer: `${publicUrl}/idp`, clientId: embeddedClientId, audience: `${publicUrl}/api` };
  }
  if (!e.OIDC_CLIENT_ID) throw new Error('Invalid configuration:\n  OIDC_CLIENT_ID is required with OIDC_ISSUER');
  return {
    embedded: false,
    issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
    clientId: e.OIDC_CLIENT_ID,
    audience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID,
  };
}

/**
 * The interface to listen on: HOST when set; otherwise loopback only while the demo users (whose
 * password is published) exist, every interface when they do not.
 */
export function listenHost(config: Pick<Config, 'host'>, demoSeeded: boolean): string {
  return config.host ?? (demoSeeded ? '127.0.0.1' : '0.0.0.0');
}
