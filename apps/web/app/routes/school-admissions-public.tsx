import { useParams } from 'react-router';
import type { Route } from './+types/school-admissions-public';
import { PublicAdmissions } from '~/features/admissions/components/public-admissions';
import { useSession } from '~/features/auth/hooks/use-session';
import { pageTitle } from '~/content/site';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Admissions') }];

/** /schools/:slug/admissions: a school's own admissions page, the link it shares with families. */
export default function SchoolAdmissionsPublic() {
  const { slug = '' } = useParams();
  const { user, role, isLoading } = useSession();
  const viewer = user
    ? { role: role ?? '', name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name }
    : null;
  return <PublicAdmissions key={slug} slug={slug} viewer={viewer} loading={isLoading} />;
}
