import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TBorrower } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { borrowerSearchQuery } from '../api/library-queries';

/** Finds a learner (by name or admission number) or a staff member (by name) of the school. */
export function BorrowerPicker({ label, onPick }: { label: string; onPick: (borrower: TBorrower) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const found = useQuery(borrowerSearchQuery(q.trim()));
  return (
    <div className="space-y-2">
      <FormField id={id} label={label} hint="Type two or more letters of a name, or an admission number.">
        <Input type="search" value={q} onChange={(event) => setQ(event.target.value)} autoComplete="off" />
      </FormField>
      {q.trim().length >= 2 ? (
        found.isPending ? (
          <p className="text-sm text-slate-600">Searching…</p>
        ) : (found.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-600">Nobody at the school matches “{q.trim()}”.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Matching borrowers">
            {(found.data ?? []).map((b) => (
              <li key={`${b.kind}:${b.id}`} className="flex flex-wrap items-center justify-between gap-2 p-2">
                <span>
                  <span className="font-medium text-slate-900">{b.name}</span>{' '}
                  <span className="text-sm text-slate-600">{b.detail}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    onPick(b);
                    setQ('');
                  }}
                  aria-label={`Choose ${b.name}`}
                >
                  Choose
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
