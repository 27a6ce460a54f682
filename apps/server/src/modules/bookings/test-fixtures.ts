import { eq } from 'drizzle-orm';
import { addDays, dayOfWeek, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { publicHolidayOn } from '@sekolo/shared/domain/sa-public-holidays';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { TEST_ORIGIN } from '../../test/auth-helpers.ts';
import type { TestApp } from '../../test/test-app.ts';
import { paymentProvidersFor } from '../payments/index.ts';

/** A working weekday (not a public holiday) at least `ahead` days from today, South African. */
export function workingDay(ahead: number, after = todayInSouthAfrica()): string {
  let date = addDays(after, ahead);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6 || publicHolidayOn(date)) date = addDays(date, 1);
  return date;
}

/** The instant of a South African date and clock time, as the API takes it. */
export const at = (date: string, clock: string) => `${date}T${clock}:00+02:00`;

export function bookingRequests(t: TestApp) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** The sandbox gateway reports the order paid (as its signed notification). */
  const pay = async (orderId: string) => {
    const [order] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const n = await paymentProvidersFor(t).sandbox!.buildNotification({
      reference: order!.reference,
      transactionId: `sbx_${order!.reference}`,
      amountCents: order!.amountCents,
      status: 'COMPLETE',
      cardLast4: '4242',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: n.headers,
      payload: n.body,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return order!;
  };
  return { send, pay };
}
