import { Center, Image, type ImageProps, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFormFieldEnv } from './field-context.tsx';

/** An uploaded image: fetched with the bearer token, shown from an object URL. */
export function useFileObjectUrl(fileId: string | null | undefined): string | null {
  const env = useFormFieldEnv();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let alive = true;
    let objectUrl: string | null = null;
    env
      .loadFile(env.fileUrl(fileId))
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
  }, [fileId, env]);
  return url;
}

export function FileImage({ fileId, alt, ...props }: { fileId: string; alt: string } & ImageProps) {
  const url = useFileObjectUrl(fileId);
  if (!url) {
    return (
      <Center w={props.w} h={props.h ?? 80} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 8 }}>
        <Loader size="xs" />
      </Center>
    );
  }
  return <Image src={url} alt={alt} {...props} />;
}
