import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { formatSaPhone } from '@sekolo/shared/domain/sa-phone';
import { demoRoleLabel, demoTimeSlotLabel } from '@sekolo/shared/constants/public-forms';
import { Button } from '~/components/ui/button';
import { SuccessPanel } from '~/components/ui/success-panel';
import type { TBookDemoAnswer } from '../api/book-demo';

/** Shown in place of the form once the demo is booked: the details as stored, and what happens next. */
export function DemoBookingConfirmation({ answer, onBookAnother }: { answer: TBookDemoAnswer; onBookAnother: () => void }) {
  const { booking } = answer;
  const rows: [string, string][] = [
    ['Date', formatLongDate(booking.preferredDate)],
    ['Time', `${demoTimeSlotLabel(booking.preferredTime) ?? booking.preferredTime} SAST`],
    ['School', booking.schoolName],
    ['Learners', booking.learnerCount.toLocaleString('en-US')],
    ['Name', booking.name],
    ['Role', demoRoleLabel(booking.role) ?? booking.role],
    ['Email', booking.email],
    ['Phone', formatSaPhone(booking.phone)],
  ];
  if (booking.notes) rows.push(['Notes', booking.notes]);

  return (
    <SuccessPanel title="Your demo is booked" data-testid="demo-booking-confirmation">
      <p>{answer.message}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl bg-white/70 p-4">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-emerald-800">{label}</dt>
            <dd className="font-medium break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <strong>What happens next:</strong> a member of our team confirms the time with you within one working day and sends you the link
        to join the online session. A copy of these details is in your inbox.
      </p>
      <Button variant="secondary" onClick={onBookAnother}>
        Book another demo
      </Button>
    </SuccessPanel>
  );
}
