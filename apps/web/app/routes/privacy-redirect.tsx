import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

/** /privacy is only a link target in the spec (2.2); the policy lives at /privacy-policy. */
export default function PrivacyRedirect() {
  return <Navigate to={paths.legal.privacyPolicy} replace />;
}
