import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

/** Spec 2.1: any other path redirects to /not-found. */
export default function CatchAll() {
  return <Navigate to={paths.notFound} replace />;
}
