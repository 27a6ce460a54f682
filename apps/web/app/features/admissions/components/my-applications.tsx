import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { myApplicationsQuery } from '../api/admissions-queries';
import { formatDate, gradeName, problemOf } from '../lib/format';
import { StatusBadge } from './status-badge';

/**
 * A family's applications to schools. As a dashboard card (`emptyText` unset) it shows only when
 * there are some.
 */
export function MyApplications({ emptyText }: { emptyText?: string }) {
  const list = useQuery(myApplicationsQuery);
  if (list.isSuccess && list.data.length === 0 && !emptyText) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>School applications</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <LoadingSpinner className="py-6" label="Loading your applications..." />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {problemOf(list.error)}
          </p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link className="font-semibold text-brand-700 underline" to={paths.admissions.myApplication(a.id)}>
                    {a.childName || 'Application (draft)'}: {gradeName(a.grade)} at {a.schoolName}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {a.roundName} · {a.reference}
                    {a.status === 'offered' && a.offerExpiresOn ? ` · accept by ${formatDate(a.offerExpiresOn)}` : ''}
                    {a.openRequests > 0 ? ' · the school asks for a document' : ''}
                  </p>
                </div>
                <StatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
