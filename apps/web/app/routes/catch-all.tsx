import { Navigate } from 'react-router';

/** Spec 2.1: any other path redirects to /not-found. */
export default function CatchAll() {
  return <Navigate to="/not-found" replace />;
}
