import { useEffect, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download, Upload, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { SCHOOL_GRADES, gradeLabel } from '@sekolo/shared/constants/enumerations';
import { LEARNER_PAGE_SIZE_DEFAULT, type TLearnerSort } from '@sekolo/shared/schemas/school';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { cn } from '~/lib/cn';
import { LEARNERS_EXPORT_URL, useLearnersPage } from '../api/school-queries';
import { ConsentBadge } from './learner-consents';
import { changeListing, FIRST_LEARNER_LIST_VIEW, sortByColumn, type TLearnerListView } from './learner-list-state';

const SORT_LABELS: Record<TLearnerSort, string> = { name: 'Name', admissionNumber: 'Admission no.', grade: 'Grade' };

/**
 * The learner list: search by name or admission number, filter by grade and status, sort by a
 * column, and page forward and back over the server's keyset pages (the cursors already seen are
 * kept so Previous needs no offset).
 */
export function LearnersTable({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  // One state, so a new sort, search or filter and its return to page 1 are one update
  // (changeListing): the old page's cursor is never sent with the new sort.
  const [view, setView] = useState<TLearnerListView>(FIRST_LEARNER_LIST_VIEW);
  const { q, grade, status, sort, dir, cursors } = view;

  // Search as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setView((v) => changeListing(v, { q: search.trim() })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const cursor = cursors[cursors.length - 1];
  const page = useLearnersPage({
    q,
    grade: grade as never,
    status,
    sort,
    dir,
    limit: LEARNER_PAGE_SIZE_DEFAULT,
    cursor,
  });

  const sortBy = (column: TLearnerSort) => setView((v) => sortByColumn(v, column));

  const learners = page.data?.learners ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Students</h1>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/dashboard/school/students/new">
                <UserPlus aria-hidden="true" />
                Add learner
              </Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to="/dashboard/school/students/import">
                <Upload aria-hidden="true" />
                Import CSV
              </Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <a href={LEARNERS_EXPORT_URL} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name or admission number"
          aria-label="Search learners by name or admission number"
        />
        <NativeSelect
          value={grade}
          onChange={(event) => {
            const value = event.target.value;
            setView((v) => changeListing(v, { grade: value }));
          }}
          aria-label="Filter by grade"
        >
          <option value="">All grades</option>
          {SCHOOL_GRADES.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          value={status}
          onChange={(event) => {
            const value = event.target.value as 'active' | 'archived';
            setView((v) => changeListing(v, { status: value }));
          }}
          aria-label="Show active or archived learners"
        >
          <option value="active">Active learners</option>
          <option value="archived">Archived learners</option>
        </NativeSelect>
      </div>

      {page.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {errorMessage(page.error)}
        </p>
      ) : page.isPending ? (
        <LoadingSpinner />
      ) : learners.length === 0 ? (
        <div
          className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
          data-testid="learners-empty"
        >
          <p className="font-semibold text-slate-900">
            {q || grade
              ? 'No learners match your search'
              : status === 'archived'
                ? 'No archived learners'
                : 'No learners yet'}
          </p>
          {!q && !grade && status === 'active' && canManage && (
            <p className="mt-1 text-sm text-slate-600">
              Add your first learner, or import a class list from a CSV file.
            </p>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className={cn('w-full text-left text-sm', page.isPlaceholderData && 'opacity-60')}>
            <caption className="sr-only">
              Learners, sorted by {SORT_LABELS[sort]} {dir === 'asc' ? 'ascending' : 'descending'}
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <SortHeader column="name" sort={sort} dir={dir} onSort={sortBy} />
                <SortHeader column="admissionNumber" sort={sort} dir={dir} onSort={sortBy} />
                <SortHeader column="grade" sort={sort} dir={dir} onSort={sortBy} />
                <th scope="col" className="px-4 py-3">
                  Class
                </th>
                <th scope="col" className="px-4 py-3">
                  Date of birth
                </th>
                <th scope="col" className="px-4 py-3">
                  Consent
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {learners.map((learner) => (
                <tr key={learner.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link
                      to={`/dashboard/school/students/${learner.id}`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {learner.lastName}, {learner.firstName}
                    </Link>
                    {learner.preferredName && <span className="ml-1 text-slate-500">({learner.preferredName})</span>}
                  </td>
                  <td className="px-4 py-3 font-mono text-slate-700">{learner.admissionNumber}</td>
                  <td className="px-4 py-3 text-slate-700">{gradeLabel(learner.grade)}</td>
                  <td className="px-4 py-3 text-slate-700">{learner.registerClassName ?? '—'}</td>
                  <td className="px-4 py-3 text-slate-700">{learner.dateOfBirth}</td>
                  <td className="px-4 py-3">
                    {learner.consent === 'given' ? (
                      <span className="text-slate-600">Given</span>
                    ) : (
                      <ConsentBadge status={learner.consent} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav aria-label="Pages of learners" className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={cursors.length <= 1}
          onClick={() => setView((v) => ({ ...v, cursors: v.cursors.slice(0, -1) }))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous page
        </Button>
        <span className="text-sm text-slate-600">Page {cursors.length}</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) setView((v) => ({ ...v, cursors: [...v.cursors, next] }));
          }}
        >
          Next page
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}

function SortHeader({
  column,
  sort,
  dir,
  onSort,
}: {
  column: TLearnerSort;
  sort: TLearnerSort;
  dir: 'asc' | 'desc';
  onSort: (column: TLearnerSort) => void;
}) {
  const active = column === sort;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className="px-4 py-3" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
      >
        {SORT_LABELS[column]}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}
