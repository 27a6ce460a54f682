import { useQuery } from '@tanstack/react-query';
import { formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { consoleCharitiesQuery, useVerifyPbo } from '../api/charity-queries';

/** The operator's list of charities: check a PBO number against SARS's list, then mark it verified. */
export function ConsoleCharities() {
  const charities = useQuery(consoleCharitiesQuery);
  const verify = useVerifyPbo();
  if (charities.isPending) return <LoadingSpinner />;
  if (charities.error) return <p role="alert">{errorMessage(charities.error)}</p>;
  if (charities.data.length === 0) return <p className="text-slate-600">No charities yet.</p>;
  return (
    <div className="space-y-3">
      {verify.error ? (
        <p role="alert" className="text-red-800">
          {errorMessage(verify.error)}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Charities">
        {charities.data.map((ch) => (
          <li key={ch.organizationId} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-slate-900">{ch.name}</p>
              <p className="text-sm text-slate-600">
                {ch.registeredName} · PBO {ch.pboNumber || 'not recorded'}
                {ch.npoNumber ? ` · NPO ${ch.npoNumber}` : ''} ·{' '}
                {ch.s18aApproved ? 's18A approval claimed' : 'no s18A approval'}
              </p>
              <p className="text-sm text-slate-700">
                {ch.pboVerifiedAt
                  ? `PBO number checked on ${formatDateOfInstant(ch.pboVerifiedAt)}`
                  : 'PBO number not checked'}
              </p>
            </div>
            {ch.pboVerifiedAt ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={verify.isPending}
                onClick={() => verify.mutate({ organizationId: ch.organizationId, verified: false })}
              >
                Withdraw check of {ch.name}
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={verify.isPending || !ch.pboNumber}
                onClick={() => verify.mutate({ organizationId: ch.organizationId, verified: true })}
              >
                Mark PBO number of {ch.name} verified
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
