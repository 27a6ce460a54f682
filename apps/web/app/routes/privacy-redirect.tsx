import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/** /privacy is only a link target in the spec (2.2); the policy lives at /privacy-policy. */
export default function PrivacyRedirect() {
  return <Navigate to={paths.legal.privacyPolicy} replace />;
}
