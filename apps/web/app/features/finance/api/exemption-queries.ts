import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { financeContracts as finance } from '@sekolo/shared/contracts/finance';
import type {
  TAutomaticExemptionInput,
  TExemptionApplicationInput,
  TExemptionDecisionInput,
} from '@sekolo/shared/schemas/finance-exemptions';
import { call, urlOf } from '~/lib/api-client';
import { FINANCE_KEY, MY_FINANCE_KEY } from './finance-queries';

/** Fee exemptions (public schools), invoice documents and payout statements. */

export const myExemptionsQuery = queryOptions({
  queryKey: [...MY_FINANCE_KEY, 'exemptions'],
  queryFn: () => call(finance.myExemptions),
});

export function useApplyForExemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TExemptionApplicationInput) => call(finance.applyForExemption, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_FINANCE_KEY }),
  });
}

export const exemptionApplicationsQuery = (status: 'pending' | 'decided' | 'all') =>
  queryOptions({
    queryKey: [...FINANCE_KEY, 'exemption-applications', status],
    queryFn: () => call(finance.listExemptionApplications, { query: { status } }).then((a) => a.applications),
  });

export function useDecideExemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: string; body: TExemptionDecisionInput }) =>
      call(finance.decideExemptionApplication, { params: { applicationId }, body }).then((a) => a.application),
    onSuccess: () => client.invalidateQueries({ queryKey: FINANCE_KEY }),
  });
}

export function useRecordAutomaticExemption(learnerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAutomaticExemptionInput) =>
      call(finance.recordAutomaticExemption, { params: { learnerId }, body }).then((a) => a.exemption),
    onSuccess: () => client.invalidateQueries({ queryKey: FINANCE_KEY }),
  });
}

export const exemptionDocumentUrl = (applicationId: string, uploadId: string) =>
  urlOf(finance.exemptionDocument, { params: { applicationId, uploadId } });

export const myInvoicesQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...MY_FINANCE_KEY, 'invoices', accountId],
    queryFn: () => call(finance.myInvoices, { params: { accountId } }).then((a) => a.invoices),
  });

export const invoicePdfUrl = (invoiceId: string) => urlOf(finance.invoicePdf, { params: { invoiceId } });
export const myInvoicePdfUrl = (invoiceId: string) => urlOf(finance.myInvoicePdf, { params: { invoiceId } });
export const payoutStatementPdfUrl = (payoutId: string) => urlOf(finance.payoutStatementPdf, { params: { payoutId } });
