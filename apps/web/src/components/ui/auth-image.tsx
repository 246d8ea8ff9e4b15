import { Image, type ImageProps, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiBlob } from '../../lib/http.ts';

/** An image behind the API's bearer token: fetched as a blob and shown from an object URL. */
export function AuthImage({ src, alt, ...props }: ImageProps & { src: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setFailed(false);
    apiBlob(src)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (failed) return null;
  if (!url) return <Skeleton w={props.w ?? 48} h={props.h ?? 32} />;
  return <Image src={url} alt={alt} {...props} />;
}
