import { Navigate } from 'react-router';

/** Any dashboard path nobody has built redirects to /not-found (spec 2.3). */
export default function DashboardUnknown() {
  return <Navigate to="/not-found" replace />;
}
