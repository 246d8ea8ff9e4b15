import { useMatch, useParams } from 'react-router';
import { EmbeddedFrame } from '../../features/links/components/embedded-frame.ts';
import { PublicLinkPage } from '../../features/links/components/public-link-page.tsx';

/**
 * `s/{token}` (issue 21): a submission link's public page, outside the signed-in shell, no account.
 * `embed/s/{token}` (issue 22.3): the same page inside another site's page (the server lets only the
 * workspace's allowed embed origins frame it).
 */
export function PublicLinkRoute() {
  const { token = '' } = useParams();
  const embedded = useMatch('/embed/s/:token') !== null;
  return (
    <EmbeddedFrame.Provider value={embedded}>
      <PublicLinkPage key={token} token={token} />
    </EmbeddedFrame.Provider>
  );
}
