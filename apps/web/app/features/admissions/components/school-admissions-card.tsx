import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { paths } from '~/config/paths';
import { roundsQuery } from '../api/admissions-queries';
import { gradeName } from '../lib/format';
import { ShareLink } from './school-admissions';

/** The school dashboard's admissions card: the link to share with families, and the open rounds. */
export function SchoolAdmissionsCard() {
  const rounds = useQuery(roundsQuery);
  if (!rounds.isSuccess) return null;
  const open = rounds.data.rounds.filter((r) => r.open);
  const link =
    typeof window === 'undefined' ? rounds.data.publicPath : `${window.location.origin}${rounds.data.publicPath}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admissions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <ShareLink link={link} path={rounds.data.publicPath} />
        <p className="text-sm text-slate-700">
          {open.length === 0
            ? 'No admission round is open.'
            : open
                .map(
                  (r) =>
                    `${r.name}: ${r.grades.map((g) => `${g.applications} applications for ${gradeName(g.grade)}`).join(', ')}`,
                )
                .join('. ')}
        </p>
        <Link className="text-sm font-semibold text-brand-700 underline" to={paths.admissions.school}>
          Review applications
        </Link>
      </CardContent>
    </Card>
  );
}
