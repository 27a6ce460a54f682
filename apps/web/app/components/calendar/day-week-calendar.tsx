import { useState, type ReactNode } from 'react';
import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { Button } from '~/components/ui/button';
import { PressedButtons } from '~/components/ui/pressed-buttons';

const dayHeading = (date: string) =>
  new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export type TCalendarRange = {
  view: 'day' | 'week';
  setView: (view: 'day' | 'week') => void;
  /** The first day shown: the day itself, or the Monday of its week. */
  start: string;
  /** The last day shown. */
  end: string;
  days: string[];
  /** Moves a day or a week back (-1) or on (1). */
  move: (direction: -1 | 1) => void;
  toToday: () => void;
};

/** A day or a week (Monday to Sunday) of South African dates, starting this week. */
export function useCalendarRange(): TCalendarRange {
  const [view, setView] = useState<'day' | 'week'>('week');
  const [anchor, setAnchor] = useState(todayInSouthAfrica());
  const start = view === 'day' ? anchor : addDays(anchor, -((dayOfWeek(anchor) + 6) % 7));
  const days = view === 'day' ? [start] : Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const step = view === 'day' ? 1 : 7;
  return {
    view,
    setView,
    start,
    end: days[days.length - 1]!,
    days,
    move: (direction) => setAnchor(addDays(anchor, direction * step)),
    toToday: () => setAnchor(todayInSouthAfrica()),
  };
}

const VIEWS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
] as const;

/** Day or Week, Previous, Today and Next, what else the page filters by, and the dates shown. */
export function CalendarControls({ range, children }: { range: TCalendarRange; children?: ReactNode }) {
  const { view, setView, start, end } = range;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <PressedButtons label="Calendar view" options={VIEWS} value={view} onChange={setView} />
      <Button size="sm" variant="secondary" onClick={() => range.move(-1)}>
        Previous
      </Button>
      <Button size="sm" variant="secondary" onClick={range.toToday}>
        Today
      </Button>
      <Button size="sm" variant="secondary" onClick={() => range.move(1)}>
        Next
      </Button>
      {children}
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {view === 'day' ? dayHeading(start) : `${dayHeading(start)} – ${dayHeading(end)}`}
      </p>
    </div>
  );
}

/**
 * The days shown, each a section headed by its date (today's in the brand colour) with its entries
 * (list items), or "No bookings".
 */
export function CalendarDays({
  range,
  entriesOf,
  testId,
}: {
  range: TCalendarRange;
  entriesOf: (date: string) => ReactNode[];
  testId?: string;
}) {
  const today = todayInSouthAfrica();
  return (
    <div className={range.view === 'day' ? '' : 'grid gap-3 md:grid-cols-7'} data-testid={testId}>
      {range.days.map((date) => {
        const entries = entriesOf(date);
        return (
          <section key={date} aria-label={dayHeading(date)} className="min-w-0 space-y-2">
            <h3 className={`text-sm font-semibold ${date === today ? 'text-brand-700' : 'text-slate-900'}`}>
              {dayHeading(date)}
            </h3>
            {entries.length === 0 ? (
              <p className="text-xs text-slate-600">No bookings</p>
            ) : (
              <ul className="space-y-2">{entries}</ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
