import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download, Upload, UserPlus } from 'lucide-react';
import {
  Link,
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SCHOOL_GRADES, gradeLabel } from '@sekolo/shared/constants/enumerations';
import { countOf } from '@sekolo/shared/domain/count';
import { LEARNER_PAGE_SIZE_DEFAULT, LEARNER_SEARCH_MAX, type TLearnerSort } from '@sekolo/shared/schemas/school';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { cn } from '~/lib/cn';
import { learnersExportUrl, registerClassesQuery, useLearnersPage } from '../api/school-queries';
import { learnerListReturn } from '../lib/learner-list-return';
import { ConsentBadge } from './learner-consents';
import {
  changeListing,
  firstPage,
  learnerListFromParams,
  learnerListToParams,
  nextPage,
  previousPage,
  sortByColumn,
  type TLearnerListView,
} from './learner-list-state';
import { paths } from '~/config/paths';

const SORT_LABELS: Record<TLearnerSort, string> = { name: 'Name', admissionNumber: 'Admission no.', grade: 'Grade' };

/** The phone's "Sort by" choices: each column's two directions, as its header's clicks give them. */
const SORT_CHOICES: { sort: TLearnerSort; dir: 'asc' | 'desc'; label: string }[] = [
  { sort: 'name', dir: 'asc', label: 'Name, A to Z' },
  { sort: 'name', dir: 'desc', label: 'Name, Z to A' },
  { sort: 'admissionNumber', dir: 'asc', label: 'Admission no., ascending' },
  { sort: 'admissionNumber', dir: 'desc', label: 'Admission no., descending' },
  { sort: 'grade', dir: 'asc', label: 'Grade, lowest first' },
  { sort: 'grade', dir: 'desc', label: 'Grade, highest first' },
];

/**
 * The learner list: search by name or admission number, filter by grade, class and status, sort by a
 * column, and page forward and back over the server's keyset pages (the cursors already seen are
 * kept so Previous needs no offset). All of it lives in the address, so Back from a learner or a
 * reload shows the same page of the same search.
 */
export function LearnersTable({ canManage }: { canManage: boolean }) {
  const [params, setParams] = useSearchParams();
  const sortSelectId = useId();
  const view = useMemo(() => learnerListFromParams(params), [params]);
  const { q, grade, classId, status, consent, sort, dir, cursors } = view;
  const classes = useQuery(registerClassesQuery);
  // One update of the address, so a new sort, search or filter and its return to page 1 are one
  // (changeListing): the old page's cursor is never sent with the new sort. Replaced, not pushed:
  // Back leaves the list rather than undoing each keystroke and click. A change to nothing new
  // (the same view) is no navigation at all.
  const change = useCallback(
    (transition: (view: TLearnerListView) => TLearnerListView) => {
      const next = transition(view);
      if (next !== view) setParams(learnerListToParams(next), { replace: true });
    },
    [view, setParams],
  );
  /** A filter's select: its choice becomes the listing's `field`, from the first page. */
  const filterBy =
    (field: 'grade' | 'classId' | 'status' | 'consent') => (event: React.ChangeEvent<HTMLSelectElement>) => {
      const value = event.target.value;
      change((v) => changeListing(v, { [field]: value }));
    };

  // The box shows each keystroke at once; the address (and the request) takes the search once
  // they pause. `listed` is the search the address last held, by this box or by a navigation.
  const [search, setSearch] = useState(q);
  const listed = useRef(q);
  useEffect(() => {
    // The address changed under the box (the sidebar's Students link, Back): the box follows it.
    // Not on its own debounced write, which would undo what was typed meanwhile.
    if (q === listed.current) return;
    listed.current = q;
    setSearch(q);
  }, [q]);
  // A click away (a learner, another page) while a search waits to reach the address wins: the
  // search's own navigation would replace the one under way (a route still loading on a slow
  // connection) and leave the user on the list.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const dataRouter = useContext(DataRouterContext);
  useEffect(() => {
    const next = search.trim();
    if (leaving || next === listed.current) return;
    const timer = setTimeout(() => {
      // React renders the router's state in a transition, so on a busy phone `leaving` can lag the
      // click; the router itself knows at once.
      const pending = dataRouter?.router.state.navigation;
      if (pending && pending.state !== 'idle' && pending.location?.pathname !== pathname) return;
      listed.current = next;
      change((v) => changeListing(v, { q: next }));
    }, 300);
    return () => clearTimeout(timer);
  }, [search, change, leaving, dataRouter, pathname]);

  const cursor = cursors[cursors.length - 1];
  const page = useLearnersPage({
    q,
    grade: grade as never,
    classId,
    status,
    consent,
    sort,
    dir,
    limit: LEARNER_PAGE_SIZE_DEFAULT,
    cursor,
  });

  // The server refuses (VALIDATION_ERROR) a cursor it cannot read (edited in the address, or from an older
  // list): page 1 of the same search, not an error the user cannot act on.
  const badCursor = page.isError && cursors.length > 1 && page.error instanceof ApiError && page.error.code === 'VALIDATION_ERROR';
  useEffect(() => {
    if (badCursor) change(firstPage);
  }, [badCursor, change]);

  const sortBy = (column: TLearnerSort) => change((v) => sortByColumn(v, column));
  const sortChoice = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const choice = SORT_CHOICES[Number(event.target.value)];
    if (choice) change((v) => changeListing(v, { sort: choice.sort, dir: choice.dir }));
  };

  const learners = page.data?.learners ?? [];
  // The export holds what the list shows: its filters, search and sort. The button says so when the
  // list is narrowed, with the number when it is all on this one page.
  const filtered = Boolean(q || grade || classId || consent || status !== 'active');
  const onlyPage = cursors.length === 1 && page.data && !page.isPlaceholderData && !page.data.nextCursor;
  const exportLabel = !filtered
    ? 'Export CSV'
    : onlyPage
      ? `Export ${countOf(learners.length, status === 'archived' ? 'archived learner' : 'learner')}`
      : 'Export CSV (filtered)';
  // A list with nothing in it has nothing to export (a file of only the header row).
  const nothingToExport = onlyPage && learners.length === 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Students</h1>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to={paths.school.newLearner}>
                <UserPlus aria-hidden="true" />
                Add learner
              </Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to={paths.school.importLearners}>
                <Upload aria-hidden="true" />
                Import CSV
              </Link>
            </Button>
            {!nothingToExport && (
              <Button asChild size="sm" variant="secondary">
                <a
                  href={learnersExportUrl({ q, grade: grade as never, classId, status, consent, sort, dir })}
                  download
                  title={
                    filtered ? 'A CSV file of the learners this list shows, with its filters and search' : undefined
                  }
                >
                  <Download aria-hidden="true" />
                  {exportLabel}
                </a>
              </Button>
            )}
          </div>
        )}
      </div>

      {/* The search on a row of its own above the four filters until the five fit on one line. */}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[1fr_auto_auto_auto_auto]">
        <Input
          className="sm:col-span-2 lg:col-span-4 xl:col-span-1"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={LEARNER_SEARCH_MAX}
          // Short enough to be read whole in a 375 px wide phone's field.
          placeholder="Name or admission number"
          aria-label="Search learners by name or admission number"
        />
        <NativeSelect value={grade} onChange={filterBy('grade')} aria-label="Filter by grade">
          <option value="">All grades</option>
          {SCHOOL_GRADES.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect value={classId} onChange={filterBy('classId')} aria-label="Filter by class">
          <option value="">All classes</option>
          {/* The class in the address, before the list of classes has come (or if it is gone). */}
          {classId && !classes.data?.some((c) => c.id === classId) && <option value={classId}>This class</option>}
          {classes.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect value={status} onChange={filterBy('status')} aria-label="Show active or archived learners">
          <option value="active">Active learners</option>
          <option value="archived">Archived learners</option>
        </NativeSelect>
        {/* The overview's "Without guardian consent" opens the list on "not given": the same learners. */}
        <NativeSelect value={consent} onChange={filterBy('consent')} aria-label="Filter by guardian consent">
          <option value="">Consent: any</option>
          <option value="given">Consent: given</option>
          <option value="not_given">Consent: not given</option>
        </NativeSelect>
      </div>

      {page.isError && !badCursor ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {errorMessage(page.error)}
        </p>
      ) : page.isPending || badCursor ? (
        <LoadingSpinner />
      ) : learners.length === 0 ? (
        <div
          className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
          data-testid="learners-empty"
        >
          <p className="font-semibold text-slate-900">
            {q
              ? 'No learners match your search'
              : grade || classId || consent
                ? 'No learners match these filters'
                : status === 'archived'
                  ? 'No archived learners'
                  : 'No learners yet'}
          </p>
          {!q && !grade && !classId && !consent && status === 'active' && canManage && (
            <p className="mt-1 text-sm text-slate-600">
              Add your first learner, or import a class list from a CSV file.
            </p>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          {/* Below sm the column headers (and their sort buttons) are not shown: this select sorts
              instead, through the same address. display:none from sm up, so it is never read twice. */}
          <div className="flex items-center gap-3 sm:hidden">
            <label htmlFor={sortSelectId} className="text-sm font-medium whitespace-nowrap text-slate-700">
              Sort by
            </label>
            <div className="min-w-0 flex-1">
              <NativeSelect
                id={sortSelectId}
                value={SORT_CHOICES.findIndex((c) => c.sort === sort && c.dir === dir)}
                onChange={sortChoice}
              >
                {SORT_CHOICES.map((c, index) => (
                  <option key={index} value={index}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {/* One table at every width: below sm each row is a card (the name on its line, the
              details wrapping under it, each labelled), so a 375 px phone reads a learner whole. */}
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className={cn('w-full text-left text-sm max-sm:block', page.isPlaceholderData && 'opacity-60')}>
              <caption className="sr-only">
                Learners, sorted by {SORT_LABELS[sort]} {dir === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead className="max-sm:hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
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
              <tbody className="divide-y divide-slate-100 max-sm:block">
                {learners.map((learner) => (
                  <tr
                    key={learner.id}
                    className="hover:bg-slate-50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
                  >
                    <td className="sm:px-4 sm:py-3 max-sm:w-full">
                      <Link
                        to={paths.school.learner(learner.id)}
                        state={learnerListReturn(params)}
                        className="font-medium text-brand-800 hover:underline"
                      >
                        {learner.lastName}, {learner.firstName}
                      </Link>
                      {learner.preferredName && <span className="ml-1 text-slate-500">({learner.preferredName})</span>}
                    </td>
                    <td className="font-mono text-slate-700 sm:px-4 sm:py-3">
                      <span className="sr-only sm:hidden">Admission number </span>
                      {learner.admissionNumber}
                    </td>
                    <td className="text-slate-700 sm:px-4 sm:py-3">{gradeLabel(learner.grade)}</td>
                    {/* Below sm the cells have no header above them: each says what it is. */}
                    <td className="text-slate-700 sm:px-4 sm:py-3">
                      {learner.registerClassName ? (
                        <>
                          <span className="sm:hidden">Class </span>
                          {learner.registerClassName}
                        </>
                      ) : (
                        <>
                          <span className="sm:hidden">No class</span>
                          <span className="max-sm:hidden">—</span>
                        </>
                      )}
                    </td>
                    <td className="text-slate-700 sm:px-4 sm:py-3">
                      <span className="sm:hidden">Born </span>
                      {learner.dateOfBirth}
                    </td>
                    <td className="sm:px-4 sm:py-3">
                      {learner.consent === 'given' ? (
                        <span className="text-slate-600">
                          <span className="sm:hidden">Consent given</span>
                          <span className="max-sm:hidden">Given</span>
                        </span>
                      ) : (
                        <ConsentBadge status={learner.consent} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {/* On a phone the buttons read "Previous" and "Next" (their names keep "page"), so the three
          fit 375 px: "Page 1" had wrapped onto two lines and Next page ran past the margin. */}
      <nav aria-label="Pages of learners" className="flex items-center justify-between gap-3">
        <Button variant="secondary" size="sm" disabled={cursors.length <= 1} onClick={() => change(previousPage)}>
          <ChevronLeft aria-hidden="true" />
          <span>
            Previous<span className="max-sm:sr-only"> page</span>
          </span>
        </Button>
        <span className="text-sm whitespace-nowrap text-slate-600">Page {cursors.length}</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) change((v) => nextPage(v, next));
          }}
        >
          <span>
            Next<span className="max-sm:sr-only"> page</span>
          </span>
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
