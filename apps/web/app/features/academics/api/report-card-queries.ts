import { queryOptions } from '@tanstack/react-query';
import { reportCardContracts as reportCards } from '@sekolo/shared/contracts/academics-assessment';
import { call, urlOf } from '~/lib/api-client';

/** The report cards API, prefix /api/school/report-cards. */
export const REPORT_CARDS_KEY = ['report-cards'] as const;

export const myChildrenReportCardsQuery = queryOptions({
  queryKey: [...REPORT_CARDS_KEY, 'my-children'],
  queryFn: () => call(reportCards.myChildren).then((a) => a.cards),
});

export const myReportCardsQuery = queryOptions({
  queryKey: [...REPORT_CARDS_KEY, 'mine'],
  queryFn: () => call(reportCards.mine).then((a) => a.cards),
});

export function reportCardPdfUrl(id: string): string {
  return urlOf(reportCards.pdf, { params: { id } });
}
