import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import {
  APPLICATION_STATUS_OPTIONS,
  APPLICATION_TYPE_OPTIONS,
  CONSOLE_PAGE_SIZE,
  applicationTypeLabel,
  type TConsoleApplicationsQuery,
} from '@sekolo/shared/schemas/applications';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { useConsoleApplications } from '../api/console-applications';
import { formatDateTime } from '../lib/format-date';
import { ApplicationStatusBadge } from './application-status-badge';
import { paths } from '~/config/paths';

const STATUS_FILTERS = [...APPLICATION_STATUS_OPTIONS, { id: 'all', label: 'All statuses' }] as const;

/** Reads the queue's filters from the address, so a filtered queue can be bookmarked and shared. */
function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const type = APPLICATION_TYPE_OPTIONS.some((o) => o.id === params.get('type')) ? params.get('type')! : '';
  const status = STATUS_FILTERS.some((o) => o.id === params.get('status')) ? params.get('status')! : 'submitted';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { type?: string; status?: string; page?: number }) => {
    const merged = { type, status, page, ...next };
    const search = new URLSearchParams();
    if (merged.type) search.set('type', merged.type);
    if (merged.status !== 'submitted') search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return { type, status, page, update };
}

/** /console: the review queue, oldest submission first, filtered by type and status. */
export function ApplicationQueue() {
  const id = useId();
  const filters = useQueueFilters();
  const query: TConsoleApplicationsQuery = {
    type: (filters.type || undefined) as TConsoleApplicationsQuery['type'],
    status: filters.status as TConsoleApplicationsQuery['status'],
    page: filters.page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
  const list = useConsoleApplications(query);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
            Applications
          </h2>
          <p className="text-sm text-slate-600">
            Review applications from schools, business partners, charities and young entrepreneurs.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <div className="w-52 space-y-1.5">
            <Label htmlFor={`${id}-type`}>Type</Label>
            <NativeSelect
              id={`${id}-type`}
              value={filters.type}
              onChange={(e) => filters.update({ type: e.target.value, page: 1 })}
            >
              <option value="">All types</option>
              {APPLICATION_TYPE_OPTIONS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="w-52 space-y-1.5">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <NativeSelect
              id={`${id}-status`}
              value={filters.status}
              onChange={(e) => filters.update({ status: e.target.value, page: 1 })}
            >
              {STATUS_FILTERS.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>

      {list.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The queue could not be loaded</AlertTitle>
          <AlertDescription>{errorMessage(list.error)}</AlertDescription>
        </Alert>
      ) : !data ? (
        <LoadingSpinner label="Loading applications..." />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <Inbox className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No applications here</p>
          <p className="text-sm text-slate-600">Nothing matches these filters right now.</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Applications, page {data.page} of {pages}
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Application
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Applicant
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Submitted
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((item) => (
                <tr key={item.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link
                      to={paths.console.application(item.id)}
                      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      {item.name || 'Unnamed application'}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{applicationTypeLabel(item.userType)}</td>
                  <td className="px-4 py-3 text-slate-700">
                    <span className="block">{item.applicant.name}</span>
                    <span className="block text-xs text-slate-500">{item.applicant.email}</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {item.submittedAt ? formatDateTime(item.submittedAt) : 'Not yet'}
                  </td>
                  <td className="px-4 py-3">
                    <ApplicationStatusBadge status={item.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > data.pageSize && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            Page {data.page} of {pages} ({data.total} applications)
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={data.page <= 1}
              onClick={() => filters.update({ page: data.page - 1 })}
            >
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={data.page >= pages}
              onClick={() => filters.update({ page: data.page + 1 })}
            >
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
