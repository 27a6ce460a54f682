import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { eventContracts as api } from '@sekolo/shared/contracts/events';
import type { TCheckInInput, TEventInput, TTicketOrderInput } from '@sekolo/shared/schemas/events';
import { call, urlOf } from '~/lib/api-client';

/** School events and tickets (D25): the calendar, tickets, the school's events and the door. */
export const EVENTS_KEY = ['events'] as const;

export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, 'calendar', from, to],
    queryFn: () => call(api.calendar, { query: { from, to } }).then((a) => a.events),
  });

export const myTicketsQuery = queryOptions({
  queryKey: [...EVENTS_KEY, 'mine'],
  queryFn: () => call(api.myTickets).then((a) => a.tickets),
});

export const schoolEventsQuery = queryOptions({
  queryKey: [...EVENTS_KEY, 'school'],
  queryFn: () => call(api.list).then((a) => a.events),
});

export const attendeesQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, 'attendees', eventId],
    queryFn: () => call(api.attendees, { params: { eventId } }).then((a) => a.attendees),
  });

/** The door list: fetched when the check-in page opens (and kept on the phone for offline checks). */
export const fetchDoorList = (eventId: string) => call(api.doorList, { params: { eventId } });

/** Sends queued check-ins; the server answers each (the judge when two phones admitted one ticket). */
export const sendCheckIns = (eventId: string, body: TCheckInInput) =>
  call(api.checkIn, { params: { eventId }, body }).then((a) => a.results);

export const attendeesCsvUrl = (eventId: string) => urlOf(api.attendeesCsv, { params: { eventId } });

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

export const useGetTickets = () =>
  useInvalidating(({ eventId, body }: { eventId: string; body: TTicketOrderInput }) =>
    call(api.getTickets, { params: { eventId }, body }),
  );
export const usePayOrder = () => useInvalidating((orderId: string) => call(api.payOrder, { params: { orderId } }));
export const useSaveEvent = () =>
  useInvalidating(({ eventId, body }: { eventId: string | null; body: TEventInput }) =>
    eventId ? call(api.update, { params: { eventId }, body }) : call(api.create, { body }),
  );
