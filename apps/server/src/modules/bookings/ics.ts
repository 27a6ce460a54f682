/*
 * A booking as an iCalendar file (RFC 5545) the customer adds to any calendar: times in UTC (the
 * page shows them in South African time, and the file names Africa/Johannesburg as its calendar's
 * zone), lines folded at 75 octets, text escaped. As a mail's invite (RFC 5546) it is a REQUEST
 * (new or moved: a higher SEQUENCE replaces the earlier one in the calendar) or a CANCEL, with the
 * provider as organiser and the customer as attendee; the UID stays the booking's.
 */

function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

type TPerson = { name: string; email: string };

/** A parameter value (CN=…): quoted, without the characters a quoted value cannot hold. */
function person(role: 'ORGANIZER' | 'ATTENDEE', who: TPerson): string {
  const name = who.name.replace(/["\r\n]/g, '').trim() || who.email;
  const params = role === 'ATTENDEE' ? ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE' : '';
  return `${role};CN="${name}"${params}:mailto:${who.email}`;
}

export type TCalendarEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  cancelled?: boolean;
  /** PUBLISH for a download; REQUEST or CANCEL for a mail's invite. Default: CANCEL if cancelled, else PUBLISH. */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** Raised on each change of the booking (reschedule, cancellation). */
  sequence?: number;
  organizer?: TPerson;
  attendee?: TPerson;
};

export function calendarFile(event: TCalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sekolo//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method ?? (event.cancelled ? 'CANCEL' : 'PUBLISH')}`,
    'X-WR-TIMEZONE:Africa/Johannesburg',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendee ? [person('ATTENDEE', event.attendee)] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Reminder',
    'TRIGGER:-PT1H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
