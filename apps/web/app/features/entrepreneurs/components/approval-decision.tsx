import { useId, useState } from 'react';
import { ENTREPRENEUR_MESSAGES } from '@sekolo/shared/schemas/entrepreneurs';
import { Button } from '~/components/ui/button';

/**
 * Approve, or decline with a reason the young entrepreneur reads. A click, not opening the page,
 * decides: a mail scanner that follows links approves nothing.
 */
export function ApprovalDecision({
  what,
  pending,
  onDecide,
}: {
  what: string;
  pending: boolean;
  onDecide: (decision: { decision: 'approve' | 'decline'; reason: string }) => void;
}) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  if (!declining) {
    return (
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onDecide({ decision: 'approve', reason: '' })} disabled={pending}>
          Approve<span className="sr-only"> {what}</span>
        </Button>
        <Button variant="secondary" onClick={() => setDeclining(true)} disabled={pending}>
          Decline<span className="sr-only"> {what}</span>
        </Button>
      </div>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setProblem(ENTREPRENEUR_MESSAGES.declineNeedsReason);
        onDecide({ decision: 'decline', reason: reason.trim() });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Why do you decline it?
      </label>
      <textarea
        id={id}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className="w-full rounded-md border border-slate-300 p-2 text-sm"
      />
      {problem ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          Decline with this reason
        </Button>
        <Button type="button" variant="secondary" onClick={() => setDeclining(false)} disabled={pending}>
          Back
        </Button>
      </div>
    </form>
  );
}
