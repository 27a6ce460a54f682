import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { TReportCard } from '@sekolo/shared/schemas/assessment';
import { myChildrenReportCardsQuery, myReportCardsQuery, reportCardPdfUrl } from '../api/report-card-queries';
import { formatDateTime } from '../lib/dates';

/** The parent dashboard's published report cards of their children, each a PDF to download. */
export function ChildrenReportCards() {
  const cards = useQuery(myChildrenReportCardsQuery);
  if (!cards.data || cards.data.length === 0) return null;
  return <ReportCardList cards={cards.data} showName />;
}

/** The learner dashboard's own published report cards. */
export function MyReportCards() {
  const cards = useQuery(myReportCardsQuery);
  if (!cards.data || cards.data.length === 0) return null;
  return <ReportCardList cards={cards.data} showName={false} />;
}

function ReportCardList({ cards, showName }: { cards: TReportCard[]; showName: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Report cards
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {cards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
            <div className="mr-auto">
              <p className="font-medium text-slate-900">
                {showName ? `${card.learnerName}: ` : ''}Term {card.term} {card.year} report card
              </p>
              <p className="text-sm text-slate-600">
                {card.className}
                {card.publishedAt ? ` · published ${formatDateTime(card.publishedAt)}` : ''}
              </p>
            </div>
            <a
              href={reportCardPdfUrl(card.id)}
              download
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              <FileText className="size-4" aria-hidden="true" />
              Download PDF
              <span className="sr-only">
                {' '}
                of the term {card.term} {card.year} report card{showName ? ` of ${card.learnerName}` : ''}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
