import { useQuery } from '@tanstack/react-query';
import { GraduationCap } from 'lucide-react';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { labelOf } from '@sekolo/shared/domain/options';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { myChildrenQuery } from '../api/school-queries';

/** The parent dashboard's children: only those the school linked to this guardian (spec 1). */
export function MyChildren() {
  const children = useQuery(myChildrenQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your children</CardTitle>
      </CardHeader>
      <CardContent>
        {children.isPending ? (
          <LoadingSpinner className="py-6" />
        ) : children.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(children.error)}
          </p>
        ) : children.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            No children are linked to your account yet. Ask your child’s school to add you as their parent or guardian.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="my-children">
            {children.data.map((child) => (
              <li key={child.id} className="flex items-center gap-3 py-3">
                <GraduationCap className="size-5 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">
                    {child.preferredName || child.firstName} {child.lastName}
                  </p>
                  <p className="text-sm text-slate-600">
                    {child.schoolName} · {gradeLabel(child.grade)}
                    {child.registerClassName && ` · Class ${child.registerClassName}`} · You are their{' '}
                    {(labelOf(GUARDIAN_RELATIONS, child.relation) ?? child.relation).toLowerCase()}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
