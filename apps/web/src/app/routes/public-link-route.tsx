import { useParams } from 'react-router';
import { PublicLinkPage } from '../../features/links/components/public-link-page.tsx';

/** `s/{token}` (issue 21): a submission link's public page, outside the signed-in shell, no account. */
export function PublicLinkRoute() {
  const { token = '' } = useParams();
  return <PublicLinkPage key={token} token={token} />;
}
