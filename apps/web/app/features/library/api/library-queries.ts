import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryContracts as api } from '@sekolo/shared/contracts/library';
import type {
  TBorrowerRef,
  TCatalogueQuery,
  TIssueInput,
  TLibrarySettings,
  TNewTitle,
  TTitleInput,
} from '@sekolo/shared/schemas/library';
import { call } from '~/lib/api-client';

/** The school library (D25): catalogue, desk, loans, holds, settings; a borrower's own side. */
export const LIBRARY_KEY = ['library'] as const;

export const catalogueQuery = (query: TCatalogueQuery) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'titles', query],
    queryFn: () => call(api.titles, { query }),
  });
export const titleQuery = (titleId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'title', titleId],
    queryFn: () => call(api.title, { params: { titleId } }),
  });
export const loansQuery = (status: 'current' | 'overdue' | 'returned', q: string) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'loans', status, q],
    queryFn: () => call(api.loans, { query: { status, q: q || undefined } }).then((a) => a.loans),
  });
export const holdsQuery = queryOptions({
  queryKey: [...LIBRARY_KEY, 'holds'],
  queryFn: () => call(api.holds).then((a) => a.holds),
});
export const settingsQuery = queryOptions({
  queryKey: [...LIBRARY_KEY, 'settings'],
  queryFn: () => call(api.settings).then((a) => a.settings),
});
export const borrowerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'borrowers', q],
    queryFn: () => call(api.borrowers, { query: { q } }).then((a) => a.borrowers),
    enabled: q.trim().length >= 2,
  });
export const borrowerQuery = (borrower: TBorrowerRef | null) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'borrower', borrower?.kind, borrower?.id],
    queryFn: () => call(api.borrower, { params: { kind: borrower!.kind, borrowerId: borrower!.id } }),
    enabled: borrower !== null,
  });

// The borrower's side
export const myCatalogueQuery = (query: TCatalogueQuery) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'catalogue', query],
    queryFn: () => call(api.catalogue, { query }),
  });
export const myLibraryQuery = queryOptions({
  queryKey: [...LIBRARY_KEY, 'mine'],
  queryFn: () => call(api.mine),
});
export const childrenLoansQuery = queryOptions({
  queryKey: [...LIBRARY_KEY, 'children'],
  queryFn: () => call(api.childrenLoans).then((a) => a.children),
});

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: LIBRARY_KEY }),
  });
}

export const useCreateTitle = () => useInvalidating((body: TNewTitle) => call(api.createTitle, { body }));
export const useUpdateTitle = () =>
  useInvalidating(({ titleId, body }: { titleId: string; body: TTitleInput }) =>
    call(api.updateTitle, { params: { titleId }, body }),
  );
export const useAddCopies = () =>
  useInvalidating(({ titleId, count }: { titleId: string; count: number }) =>
    call(api.addCopies, { params: { titleId }, body: { count } }),
  );
export const useSetCopyStatus = () =>
  useInvalidating(({ copyId, status }: { copyId: string; status: 'available' | 'lost' | 'withdrawn' }) =>
    call(api.setCopyStatus, { params: { copyId }, body: { status } }),
  );
export const useIssue = () => useInvalidating((body: TIssueInput) => call(api.issue, { body }));
export const useReturn = () => useInvalidating((barcode: string) => call(api.returnCopy, { body: { barcode } }));
export const useRenew = () => useInvalidating((loanId: string) => call(api.renew, { params: { loanId } }));
export const usePlaceHold = () =>
  useInvalidating(({ titleId, borrower }: { titleId: string; borrower: TBorrowerRef }) =>
    call(api.placeHold, { body: { titleId, borrower } }),
  );
export const useCancelHold = () => useInvalidating((holdId: string) => call(api.cancelHold, { params: { holdId } }));
export const useSaveSettings = () => useInvalidating((body: TLibrarySettings) => call(api.saveSettings, { body }));
export const useImport = () =>
  useInvalidating((body: { csv: string; mode: 'check' | 'all' | 'valid_only' }) => call(api.importTitles, { body }));
export const usePlaceMyHold = () => useInvalidating((titleId: string) => call(api.placeMyHold, { body: { titleId } }));
export const useCancelMyHold = () =>
  useInvalidating((holdId: string) => call(api.cancelMyHold, { params: { holdId } }));
