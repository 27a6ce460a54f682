import { useId } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useConsoleJobs, useRetryJob } from '../api/console-jobs';
import { formatDateTime } from '../lib/format-date';
import { attemptsLabel, jobLabel } from '../lib/job-labels';

/**
 * /console/jobs: background jobs that failed for good (mail that could not be delivered, a renewal
 * run that kept failing), newest first, each with a Retry that runs it once more.
 */
export function FailedJobs() {
  const id = useId();
  const failed = useConsoleJobs('failed');
  const retry = useRetryJob();
  const data = failed.data;

  const retryJob = (jobId: string, name: string) =>
    retry.mutate(jobId, {
      onSuccess: () => toast.success('Queued to run again', { description: `${jobLabel(name)} runs again shortly.` }),
      onError: (error) => toast.error('Could not retry the job', { description: errorMessage(error) }),
    });

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
          Failed jobs
        </h2>
        <p className="text-sm text-slate-600">
          Work the platform does in the background and gave up on after its retries. Fix the cause, then retry.
        </p>
      </div>

      {failed.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The jobs could not be loaded</AlertTitle>
          <AlertDescription>{errorMessage(failed.error)}</AlertDescription>
        </Alert>
      ) : !data ? (
        <LoadingSpinner label="Loading jobs..." />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <CircleCheck className="size-8 text-emerald-500" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No failed jobs</p>
          <p className="text-sm text-slate-600">Every background job has run, or is waiting for its next try.</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Failed jobs, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Job
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Error
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Attempts
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Failed
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((job) => (
                <tr key={job.id} data-testid="failed-job">
                  <td className="px-4 py-3">
                    <span className="block font-semibold text-slate-900">{jobLabel(job.name)}</span>
                    <span className="block font-mono text-xs text-slate-500">{job.name}</span>
                  </td>
                  <td className="max-w-md px-4 py-3 break-words text-slate-700">{job.error ?? 'No reason recorded'}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{attemptsLabel(job.attempts)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {formatDateTime(job.endedAt ?? job.createdAt)}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => retryJob(job.id, job.name)}
                      disabled={retry.isPending && retry.variables === job.id}
                      aria-label={`Retry ${jobLabel(job.name)}, failed ${formatDateTime(job.endedAt ?? job.createdAt)}`}
                    >
                      <RotateCcw className="size-4" aria-hidden="true" />
                      Retry
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
