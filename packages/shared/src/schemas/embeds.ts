import { z } from 'zod';

/**
 * Embedded templates (issue 22.3; spec 2.1 `embed`, 2.6 Settings > Security): a submission link's
 * page shown inside another site's page. Only the origins the workspace lists may frame it: the
 * page under /embed names exactly them in its Content-Security-Policy `frame-ancestors`.
 */

/** The most origins a workspace lists. */
export const embedOriginsMax = 20;

/** The words of a refused origin (the web app translates them by key). */
export const embedOriginMessages = {
  invalidOrigin: 'Enter a site address such as https://www.example.com (scheme, host and port only).',
  httpsRequired: 'Use an https:// address (http:// is allowed only for localhost).',
  duplicateOrigin: 'Each site can be listed once.',
  tooManyOrigins: `List at most ${embedOriginsMax} sites.`,
} as const;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An origin as a browser sends it: `https://host[:port]`, lower-cased, with no path, query,
 * fragment, user or wildcard. http:// only for loopback hosts (a page served over plain http can be
 * changed on its way, and could then frame the form anywhere).
 */
export function parseEmbedOrigin(input: string): { origin: string } | { error: keyof typeof embedOriginMessages } {
  const text = input.trim();
  if (!/^https?:\/\/[^/?#\s*]+\/?$/i.test(text)) return { error: 'invalidOrigin' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'invalidOrigin' };
  }
  if (url.username || url.password || !url.hostname) return { error: 'invalidOrigin' };
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) return { error: 'httpsRequired' };
  return { origin: url.origin };
}

export const embedOriginSchema = z
  .string()
  .max(200, embedOriginMessages.invalidOrigin)
  .meta({ examples: ['https://www.example-builders.com'] })
  .transform((value, ctx) => {
    const parsed = parseEmbedOrigin(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: embedOriginMessages[parsed.error] });
      return z.NEVER;
    }
    return parsed.origin;
  });

/** PUT /api/workspaces/:workspaceId/embed-origins: the whole list, as it should be. */
export const embedOriginsUpdateSchema = z
  .object({
    origins: z
      .array(embedOriginSchema)
      .max(embedOriginsMax, embedOriginMessages.tooManyOrigins)
      .superRefine((origins, ctx) => {
        origins.forEach((origin, index) => {
          if (origins.indexOf(origin) !== index)
            ctx.addIssue({ code: 'custom', path: [index], message: embedOriginMessages.duplicateOrigin });
        });
      }),
  })
  .strict();
export type EmbedOriginsUpdate = z.output<typeof embedOriginsUpdateSchema>;

export const embedOriginsSchema = z.object({ origins: z.array(z.string()) });
export type EmbedOrigins = z.infer<typeof embedOriginsSchema>;

/** A link's embedded page (the link's token is its secret, as on `/s/{token}`). */
export function embedPath(token: string): string {
  return `/embed/s/${token}`;
}

/** The HTML a site pastes to show the link's page (the `title` names the frame for screen readers). */
export function embedSnippet(pageUrl: string, title: string): string {
  const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${pageUrl}" title="${escaped}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`;
}
