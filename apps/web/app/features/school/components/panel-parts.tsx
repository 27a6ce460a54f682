import { useCallback } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';

/**
 * Parts of the learner page's panels (account, parents and guardians, consent).
 */

/** A panel's query: a spinner while it loads, its error as an alert, else `children(data)`. */
export function PanelQuery<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <LoadingSpinner className="py-6" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(query.error)}
      </p>
    );
  }
  return children(query.data);
}

/**
 * The foot of a form opened in a panel: the server's problem (when it is not a field's), then the
 * submit button (`children`) and Cancel. `className` places both in the form's grid.
 */
export function PanelFormFooter({
  problem,
  submitting,
  onCancel,
  className,
  children,
}: {
  problem: string | null;
  submitting: boolean;
  onCancel: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      {problem && (
        <p role="alert" className={cn('text-sm text-red-800', className)}>
          {problem}
        </p>
      )}
      <div className={cn('flex gap-2', className)}>
        <Button type="submit" size="sm" disabled={submitting}>
          {children}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

/**
 * Focus for a form opened in place of the button that opened it: the button is gone while the form
 * is open, so closing the form would leave keyboard focus on the page's body. Returns a function
 * taking the id of the element to focus once the panel has rendered again (the opener, back).
 */
export function useFocusAfterClose(): (elementId: string) => void {
  const focusAfterRender = useFocusAfterRender();
  return useCallback(
    (elementId: string) => focusAfterRender(() => document.getElementById(elementId)),
    [focusAfterRender],
  );
}

/**
 * A ref for a form opened in place: its first field takes focus when the form appears (a callback
 * ref, so a form shown after its component's own loading state is focused too). `also` is given the
 * element as well, for a hook that needs the form too (useFocusFirstInvalid).
 */
export function useFocusFirstField<T extends HTMLElement>(also?: React.RefObject<T | null>) {
  return useCallback(
    (node: T | null) => {
      if (also) also.current = node;
      node?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
    },
    [also],
  );
}
