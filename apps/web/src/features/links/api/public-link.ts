import {
  type LinkClosedReason,
  type LinkSubmissionCreate,
  type LinkUploadedFile,
  type LinkUploadGrant,
  type LinkUploadGrantCreate,
  linkClosedReasons,
  linkSubmissionSchema,
  linkUploadGrantSchema,
  type linkUploadPurposes,
  type PublicLink,
  publicLinkSchema,
} from '@formwork/shared/schemas/links';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, apiUpload, HttpError } from '../../../lib/http.ts';

/** The public page of a submission link (issue 21): no account, the link's token is its key. */
const enc = encodeURIComponent;
const publicUrl = (token: string) => `/api/public/links/${enc(token)}`;

export const publicLinkKeys = { link: (token: string) => ['public-link', token] as const };

export function usePublicLink(token: string) {
  return useQuery({
    queryKey: publicLinkKeys.link(token),
    queryFn: ({ signal }) => apiRequest<PublicLink>(publicUrl(token), { signal, response: publicLinkSchema }),
    meta: { handlesErrors: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function linkChallengeUrl(token: string): string {
  return `${publicUrl(token)}/challenge`;
}

export type Submitted = { formId: string; created: boolean; receipt: string };

/** Submit (idempotent by the form id the page made once: a retry after a lost answer makes no second form). */
export function useSubmitThroughLink(token: string) {
  return useMutation({
    mutationFn: (body: LinkSubmissionCreate) =>
      apiRequest<Submitted>(`${publicUrl(token)}/submissions`, {
        method: 'POST',
        body,
        response: linkSubmissionSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** A short-lived grant to upload this fill's photos and signatures (after the human check). */
export function requestUploadGrant(token: string, body: LinkUploadGrantCreate): Promise<LinkUploadGrant> {
  return apiRequest<LinkUploadGrant>(`${publicUrl(token)}/upload-grants`, {
    method: 'POST',
    body,
    response: linkUploadGrantSchema,
  });
}

/** One photo, sketch or signature through the link, with the fill's grant. */
export function uploadThroughLink(
  token: string,
  grant: string,
  purpose: (typeof linkUploadPurposes)[number],
  file: Blob,
): Promise<LinkUploadedFile> {
  return apiUpload<LinkUploadedFile>(`${publicUrl(token)}/files?purpose=${purpose}`, file, 'POST', {
    headers: { 'upload-grant': grant },
  });
}

/** The submitter's PDF copy of their submission (times in their own zone when the browser tells it). */
export function receiptPdfUrl(token: string, submitted: Submitted, timeZone: string | undefined): string {
  const query = new URLSearchParams({ receipt: submitted.receipt });
  if (timeZone) query.set('timeZone', timeZone);
  return `${publicUrl(token)}/submissions/${enc(submitted.formId)}/pdf?${query}`;
}

/** Why the link's page shows no form: unknown (forged, deleted or archived) or closed, and how. */
export type LinkUnavailable = 'unknown' | LinkClosedReason | 'failed';

export function unavailableReason(error: unknown): LinkUnavailable {
  if (!(error instanceof HttpError)) return 'failed';
  if (error.status === 404) return 'unknown';
  const reason = error.problem?.meta?.reason;
  if (error.status === 410) {
    return (linkClosedReasons as readonly unknown[]).includes(reason) ? (reason as LinkClosedReason) : 'used';
  }
  return 'failed';
}
