import { useId, useState } from 'react';
import type { TBooking, TFacility } from '@sekolo/shared/schemas/facilities';
import { CalendarControls, CalendarDays, useCalendarRange } from '~/components/calendar/day-week-calendar';
import { FormField } from '~/components/ui/form-field';
import { NativeSelect } from '~/components/ui/native-select';

/** What the calendar shows: what holds a facility's time, and what was cancelled (struck through). */
const SHOWN = new Set(['pending_approval', 'awaiting_payment', 'paid', 'cancelled']);

/**
 * The school's calendar of its facilities' bookings: a day or a week (Monday to Sunday), South
 * African time, one facility or all of them; each booking with its time, facility, booker and state.
 */
export function FacilityCalendar({ bookings, facilities }: { bookings: TBooking[]; facilities: TFacility[] }) {
  const id = useId();
  const range = useCalendarRange();
  const [facilityId, setFacilityId] = useState('');
  const shown = bookings
    .filter((b) => SHOWN.has(b.status) && (!facilityId || b.facility.id === facilityId))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return (
    <div className="space-y-4">
      <CalendarControls range={range}>
        <FormField id={`${id}-facility`} label="Facility">
          <NativeSelect value={facilityId} onChange={(e) => setFacilityId(e.target.value)}>
            <option value="">All facilities</option>
            {facilities.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </CalendarControls>
      <CalendarDays
        range={range}
        testId="facility-calendar"
        entriesOf={(date) =>
          shown
            .filter((b) => b.date === date)
            .map((b) => (
              <li
                key={b.id}
                className={`rounded-lg border p-2 text-sm ${
                  b.status === 'cancelled'
                    ? 'border-slate-200 bg-slate-50 text-slate-600 line-through'
                    : b.status === 'paid'
                      ? 'border-brand-200 bg-brand-50 text-slate-900'
                      : 'border-amber-200 bg-amber-50 text-slate-900'
                }`}
                data-testid="calendar-booking"
              >
                <span className="font-semibold">
                  {b.startTime}–{b.endTime}
                </span>{' '}
                {b.facility.name}
                <span className="block">
                  {b.booker?.name ?? ''} · {b.statusLabel}
                </span>
              </li>
            ))
        }
      />
    </div>
  );
}
