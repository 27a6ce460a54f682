import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { financeContracts as finance } from '@sekolo/shared/contracts/finance';
import type {
  TBankImportInput,
  TBursaryInput,
  TExemptionInput,
  TCopyStructuresInput,
  TCreditNoteInput,
  TFeeStructureInput,
  TFinanceSettingsInput,
  TInvoiceRun,
  TInvoiceRunInput,
  TPayNowInput,
  TRecordPaymentInput,
} from '@sekolo/shared/schemas/finance';
import type { ZLearnerOptionsSchema } from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import { call, urlOf } from '~/lib/api-client';
import type { TGradeFilter } from '../lib/grade-filter';

/** The school's finance API (/api/school/finance) and the parent's (/api/school/my-finance). */
export const FINANCE_KEY = ['finance'] as const;
export const MY_FINANCE_KEY = ['my-finance'] as const;

export const financeDashboardQuery = (year?: number) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'dashboard', year ?? 'current'],
    queryFn: () => call(finance.dashboard, { query: { year } }).then((a) => a.dashboard),
    placeholderData: keepPreviousData,
  });

export const structuresQuery = (year: number) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'structures', year],
    queryFn: () => call(finance.listStructures, { query: { year } }),
    placeholderData: keepPreviousData,
  });

export const invoiceRunsQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'invoice-runs'],
  queryFn: () => call(finance.listInvoiceRuns).then((a) => a.runs),
});

/** A run the screen follows: asked again every second while it is queued or running. */
export const invoiceRunQuery = (runId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'invoice-run', runId],
    queryFn: () => call(finance.getInvoiceRun, { params: { runId } }).then((a) => a.run),
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
  });

export function isRunning(run: TInvoiceRun | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

export interface IAccountsFilter {
  q: string;
  grade: TGradeFilter;
  arrears: boolean;
  page: number;
}

export const accountsQuery = (filter: IAccountsFilter) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'accounts', filter],
    queryFn: () =>
      call(finance.listAccounts, {
        query: {
          q: filter.q,
          grade: filter.grade,
          arrears: filter.arrears ? 'true' : undefined,
          page: filter.page,
          pageSize: ACCOUNTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
export const ACCOUNTS_PAGE_SIZE = 25;

export const accountQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'account', accountId],
    queryFn: () => call(finance.getAccount, { params: { accountId } }),
    retry: false,
  });

export const statementQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'statement', accountId],
    queryFn: () => call(finance.accountStatement, { params: { accountId }, query: {} }).then((a) => a.statement),
    retry: false,
  });

export const accountPaymentsQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'payments', accountId],
    queryFn: () => call(finance.listPayments, { query: { accountId, page: 1, pageSize: 50 } }),
  });

export const statementPdfUrl = (accountId: string) =>
  urlOf(finance.accountStatementPdf, { params: { accountId }, query: {} });
export const receiptPdfUrl = (paymentId: string) => urlOf(finance.paymentReceiptPdf, { params: { paymentId } });

export const bankImportQuery = (importId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'bank-import', importId],
    queryFn: () => call(finance.getBankImport, { params: { importId } }).then((a) => a.import),
    retry: false,
  });

/** Families on a page of the age analysis (the largest debt first). */
export const AGE_ANALYSIS_PAGE_SIZE = 50;
export const ageAnalysisQuery = (grade: TGradeFilter, page = 1) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'age-analysis', grade, page],
    queryFn: () => call(finance.ageAnalysis, { query: { grade, page, pageSize: AGE_ANALYSIS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
export const ageAnalysisCsvUrl = (grade: TGradeFilter) => urlOf(finance.ageAnalysisCsv, { query: { grade } });

/** Every finance figure on screen is read again after a change: balances move together. */
function useFinanceMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: FINANCE_KEY }),
  });
}

export const useCreateStructure = () =>
  useFinanceMutation((body: TFeeStructureInput) => call(finance.createStructure, { body }));
export const useUpdateStructure = () =>
  useFinanceMutation(({ structureId, body }: { structureId: string; body: TFeeStructureInput }) =>
    call(finance.updateStructure, { params: { structureId }, body }),
  );
export const useDeleteStructure = () =>
  useFinanceMutation((structureId: string) => call(finance.deleteStructure, { params: { structureId } }));
export const useCopyStructures = () =>
  useFinanceMutation((body: TCopyStructuresInput) => call(finance.copyStructures, { body }));
export const useStartInvoiceRun = () =>
  useFinanceMutation((body: TInvoiceRunInput) => call(finance.startInvoiceRun, { body }).then((a) => a.run));
export const useRecordPayment = () =>
  useFinanceMutation((body: TRecordPaymentInput) => call(finance.recordPayment, { body }).then((a) => a.payment));
export const useIssueCreditNote = () =>
  useFinanceMutation(({ invoiceId, body }: { invoiceId: string; body: TCreditNoteInput }) =>
    call(finance.issueCreditNote, { params: { invoiceId }, body }),
  );
export const useImportBankStatement = () =>
  useFinanceMutation((body: TBankImportInput) => call(finance.importBankStatement, { body }).then((a) => a.import));
export const useConfirmBankLine = () =>
  useFinanceMutation(({ importId, lineId, accountId }: { importId: string; lineId: string; accountId: string }) =>
    call(finance.confirmBankLine, { params: { importId, lineId }, body: { accountId } }),
  );
export const useIgnoreBankLine = () =>
  useFinanceMutation(({ importId, lineId }: { importId: string; lineId: string }) =>
    call(finance.ignoreBankLine, { params: { importId, lineId } }),
  );
export const useSendReminders = () => useFinanceMutation(() => call(finance.sendReminders));
export const useSendStatements = () => useFinanceMutation(() => call(finance.sendStatements));

// The parent's side

export const myAccountsQuery = queryOptions({
  queryKey: [...MY_FINANCE_KEY, 'accounts'],
  queryFn: () => call(finance.myAccounts).then((a) => a.accounts),
});

export const myStatementQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...MY_FINANCE_KEY, 'statement', accountId],
    queryFn: () => call(finance.myStatement, { params: { accountId }, query: {} }).then((a) => a.statement),
    retry: false,
  });

export const myStatementPdfUrl = (accountId: string) =>
  urlOf(finance.myStatementPdf, { params: { accountId }, query: {} });
export const myReceiptPdfUrl = (paymentId: string) => urlOf(finance.myReceiptPdf, { params: { paymentId } });

/**
 * The online payment a parent comes back from: while the provider's notification has not arrived
 * it is pending, so it is asked again every second, 15 times at most.
 */
export const myOnlinePaymentQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...MY_FINANCE_KEY, 'online-payment', orderId],
    queryFn: () => call(finance.myOnlinePayment, { params: { orderId } }),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data && (data.status === 'pending' || (data.status === 'paid' && data.payment === null));
      return waiting && query.state.dataUpdateCount < 15 ? 1000 : false;
    },
  });

export function usePayNow(accountId: string) {
  return useMutation({
    mutationFn: (body: TPayNowInput) => call(finance.payNow, { params: { accountId }, body }),
  });
}

// A learner's bursaries, exemptions and optional items

export const learnerFinanceQuery = (learnerId: string) =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'learner', learnerId],
    queryFn: () => call(finance.learnerFinance, { params: { learnerId } }).then((a) => a.finance),
  });

export const useSetLearnerOptions = (learnerId: string) =>
  useFinanceMutation((body: z.input<typeof ZLearnerOptionsSchema>) =>
    call(finance.setLearnerOptions, { params: { learnerId }, body }),
  );
export const useAddBursary = (learnerId: string) =>
  useFinanceMutation((body: TBursaryInput) => call(finance.addBursary, { params: { learnerId }, body }));
export const useRemoveBursary = (learnerId: string) =>
  useFinanceMutation((bursaryId: string) => call(finance.removeBursary, { params: { learnerId, bursaryId } }));
export const useRecordExemption = (learnerId: string) =>
  useFinanceMutation((body: TExemptionInput) => call(finance.recordExemption, { params: { learnerId }, body }));

export const financeSettingsQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'settings'],
  queryFn: () => call(finance.getSettings).then((a) => a.settings),
});
export const useUpdateFinanceSettings = () =>
  useFinanceMutation((body: TFinanceSettingsInput) => call(finance.updateSettings, { body }));

export const payoutsQuery = queryOptions({
  queryKey: [...FINANCE_KEY, 'payouts'],
  queryFn: () => call(finance.listPayouts),
});
export const useRequestPayout = () => useFinanceMutation(() => call(finance.requestPayout).then((a) => a.payout));
