import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPromotionDecision, TReportCardRun } from '@sekolo/shared/schemas/assessment';
import { reportCardContracts as reportCards } from '@sekolo/shared/contracts/academics-assessment';
import { peopleContracts } from '@sekolo/shared/contracts/people';
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

export const reportCardsQuery = (year: number, term: number, registerClassId: string) =>
  queryOptions({
    queryKey: [...REPORT_CARDS_KEY, 'list', year, term, registerClassId],
    queryFn: () => call(reportCards.list, { query: { year, term, registerClassId } }).then((a) => a.cards),
    enabled: Boolean(registerClassId),
  });

/** A class's cards as one PDF or a zip of one PDF per learner. */
export function reportCardBundleUrl(query: {
  year: number;
  term: number;
  registerClassId: string;
  format: 'pdf' | 'zip';
}) {
  return urlOf(reportCards.bundle, { query });
}

export const reportCardRunsQuery = queryOptions({
  queryKey: [...REPORT_CARDS_KEY, 'runs'],
  queryFn: () => call(reportCards.listRuns).then((a) => a.runs),
});

export const isRunGoing = (run: TReportCardRun | undefined) => run?.status === 'queued' || run?.status === 'running';

/** A run the screen follows: asked again every second while it is queued or running. */
export const reportCardRunQuery = (runId: string) =>
  queryOptions({
    queryKey: [...REPORT_CARDS_KEY, 'run', runId],
    queryFn: () => call(reportCards.getRun, { params: { runId } }).then((a) => a.run),
    refetchInterval: (query) => (isRunGoing(query.state.data) ? 1000 : false),
    enabled: Boolean(runId),
  });

export const promotionsQuery = (year: number, registerClassId: string) =>
  queryOptions({
    queryKey: [...REPORT_CARDS_KEY, 'promotions', year, registerClassId],
    queryFn: () => call(reportCards.promotions, { query: { year, registerClassId } }).then((a) => a.promotions),
    enabled: Boolean(registerClassId),
  });

/** The report cards' writes; each refreshes what the screen shows of report cards. */
function useReportCardMutation<TInput, TOutput>(write: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_CARDS_KEY }),
  });
}

export const useGenerateReportCards = () =>
  useReportCardMutation((body: { year: number; term: number; registerClassId?: string; learnerId?: string }) =>
    call(reportCards.generate, { body }).then((a) => a.cards),
  );

export const usePublishReportCards = () =>
  useReportCardMutation((body: { year: number; term: number; registerClassId?: string }) =>
    call(reportCards.publish, { body }),
  );

export const useStartReportCardRun = () =>
  useReportCardMutation((body: { year: number; term: number }) =>
    call(reportCards.startRun, { body }).then((a) => a.run),
  );

export const useDecidePromotion = () =>
  useReportCardMutation((input: { learnerId: string; year: number; decision: TPromotionDecision; reason: string }) =>
    call(reportCards.decidePromotion, {
      params: { learnerId: input.learnerId },
      body: { year: input.year, decision: input.decision, reason: input.reason },
    }).then((a) => a.promotion),
  );

/** The school's register classes, to choose whose cards to make. */
export const registerClassesQuery = queryOptions({
  queryKey: [...REPORT_CARDS_KEY, 'classes'],
  queryFn: () => call(peopleContracts.listClasses).then((a) => a.classes),
});
