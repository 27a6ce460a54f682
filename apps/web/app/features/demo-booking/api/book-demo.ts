import { useAsyncAction } from '~/lib/use-async-action';
import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import { api } from '~/lib/api-client';

export type TBookedDemo = {
  id: string;
  name: string;
  email: string;
  phone: string;
  schoolName: string;
  role: TDemoBooking['role'];
  learnerCount: number;
  preferredDate: string;
  preferredTime: TDemoBooking['preferredTime'];
  notes: string;
  status: 'requested' | 'confirmed' | 'cancelled';
};
export type TBookDemoAnswer = { message: string; booking: TBookedDemo };

/** POST /api/demo-bookings: stored, e-mailed to the team, confirmed to the requester by e-mail. */
export function bookDemo(input: TDemoBooking) {
  return api.post<TBookDemoAnswer>('/api/demo-bookings', input);
}

export function useBookDemo() {
  return useAsyncAction(bookDemo);
}
