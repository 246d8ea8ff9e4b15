import type { CurrentUser, MySignature, MySignatureReply } from '@formwork/shared/schemas/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob, apiRequest, apiUpload } from '../../../lib/http.ts';
import { authKeys } from './current-user.ts';

/** Issue 16.4: the signed-in user's saved signature (null when none). */
export function useMySignature() {
  return useQuery({
    queryKey: authKeys.mySignature,
    queryFn: async () => (await apiRequest<MySignatureReply>('/api/me/signature')).signature,
  });
}

export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { png: Blob; source: 'drawn' | 'uploaded' }) =>
      (await apiUpload<MySignatureReply>(`/api/me/signature?source=${input.source}`, input.png, 'PUT')).signature,
    onSuccess: (signature) => queryClient.setQueryData(authKeys.mySignature, signature),
    meta: { handlesErrors: true },
  });
}

export function useRemoveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/me/signature', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(authKeys.mySignature, null),
    meta: { handlesErrors: true },
  });
}

export function useSavePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => apiUpload<CurrentUser>('/api/me/picture', file, 'PUT'),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
    meta: { handlesErrors: true },
  });
}

export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CurrentUser>('/api/me/picture', { method: 'DELETE' }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
    meta: { handlesErrors: true },
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<CurrentUser>('/api/me/email-change', { method: 'POST', body: { email } }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
    meta: { handlesErrors: true },
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<CurrentUser>('/api/me/email-change/confirm', { method: 'POST', body: { token } }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
    meta: { handlesErrors: true },
  });
}

/**
 * The user's signature as a PNG, for a signature field: the saved one, else (spec 6) the default
 * made from the full name when the workspace's enableDefaultSignatureUser toggle is on, else null.
 */
export async function mySignaturePng(companyId: string, defaultAllowed: boolean): Promise<Blob | null> {
  let signature: MySignature | null = (await apiRequest<MySignatureReply>('/api/me/signature')).signature;
  if (!signature && defaultAllowed) {
    signature = (
      await apiRequest<MySignatureReply>('/api/me/signature/default', { method: 'POST', body: { companyId } })
    ).signature;
  }
  return signature ? apiBlob(signature.url) : null;
}

/** A protected image of this API (picture, signature) as an object URL while it is shown. */
export function useApiImage(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    let alive = true;
    let objectUrl: string | null = null;
    apiBlob(path)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [path]);
  return url;
}
