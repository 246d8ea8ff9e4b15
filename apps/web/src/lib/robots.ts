import { useEffect } from 'react';

/** Sets the page's robots meta while the page is shown (spec 2.1 login, 2.8 sign-up). */
export function useRobots(content: string) {
  useEffect(() => {
    const meta = document.querySelector('meta[name="robots"]');
    const previous = meta?.getAttribute('content') ?? 'noindex';
    meta?.setAttribute('content', content);
    return () => meta?.setAttribute('content', previous);
  }, [content]);
}

/** Sets the document title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
