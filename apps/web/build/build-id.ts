import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Names each production build in its index.html (`<meta name="formwork-build">`). The server sends
 * the name of the build it serves with every API answer, so a page still running an older build
 * notices a new deployment and offers to refresh (issue 25.5).
 */
export function buildId(): Plugin {
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  return {
    name: 'formwork-build-id',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'formwork-build', content: id }, injectTo: 'head' }],
  };
}
