import { and, eq, inArray } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  events,
  eventTicketOrders,
  eventTickets,
  eventTicketTypes,
  organizations,
  users,
} from '../platform/db/schema/index.ts';
import { createOrder } from '../modules/payments/index.ts';
import { creditOrder } from '../modules/payments/credit-order.ts';
import { EVENT_TICKETS_PURPOSE } from '../modules/events/index.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

const at = (date: string, time: string) => new Date(`${date}T${time}:00+02:00`);

/** The next Saturday at least `days` days from today (South Africa). */
function saturdayAfter(days: number): string {
  let date = addDays(todayInSouthAfrica(), days);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}

type TDemoEvent = {
  title: string;
  description: string;
  place: string;
  date: string;
  from: string;
  to: string;
  capacity: number;
  audience: 'school' | 'grades' | 'public';
  grades?: number[];
  status: 'published' | 'cancelled';
  types: { name: string; priceCents: number; limit?: number }[];
};

function demoEvents(): TDemoEvent[] {
  const today = todayInSouthAfrica();
  return [
    {
      title: 'Inter-house athletics',
      description:
        'Our four houses compete on the track and in the field. Bring a hat, sunscreen and your house colours; the tuck shop is open all day.',
      place: 'Sports field',
      date: addDays(today, -5),
      from: '08:00',
      to: '15:00',
      capacity: 600,
      audience: 'school',
      status: 'published',
      types: [{ name: 'Spectator', priceCents: 0 }],
    },
    {
      title: 'Grade 8 parents’ evening',
      description:
        'Meet your child’s register teacher and subject teachers, hear about the year ahead and ask your questions. Tea and coffee from 17:30.',
      place: 'School hall',
      date: addDays(today, 6),
      from: '18:00',
      to: '20:00',
      capacity: 150,
      audience: 'grades',
      grades: [8],
      status: 'published',
      types: [{ name: 'Parent or guardian', priceCents: 0 }],
    },
    {
      title: 'Fun run',
      description:
        'A 5 km fun run and a 2 km walk through the neighbourhood, finishing on the school field with boerewors rolls and a jumping castle. Everyone is welcome; all proceeds go to the new netball courts.',
      place: 'Sports field (start and finish)',
      date: saturdayAfter(9),
      from: '07:30',
      to: '11:00',
      capacity: 500,
      audience: 'public',
      status: 'published',
      types: [
        { name: 'Adult', priceCents: 6_000 },
        { name: 'Child', priceCents: 3_000 },
      ],
    },
    {
      title: 'Heritage Day concert',
      description:
        'Learners celebrate the cultures of South Africa in song, dance and poetry. Come dressed in traditional attire.',
      place: 'School hall',
      date: addDays(today, 16),
      from: '18:00',
      to: '20:30',
      capacity: 400,
      audience: 'school',
      status: 'published',
      types: [{ name: 'General admission', priceCents: 0 }],
    },
    {
      title: 'Matric dance',
      description: 'The Class of the year’s farewell dinner and dance. Smart evening wear; partners welcome.',
      place: 'Irene Country Lodge, Centurion',
      date: saturdayAfter(40),
      from: '18:30',
      to: '23:30',
      capacity: 180,
      audience: 'grades',
      grades: [12],
      status: 'published',
      types: [{ name: 'Learner or partner', priceCents: 35_000 }],
    },
    {
      title: 'Market day',
      description: 'Cancelled because of the forecast storms. We will announce a new date.',
      place: 'Quad',
      date: addDays(today, 12),
      from: '10:00',
      to: '14:00',
      capacity: 300,
      audience: 'public',
      status: 'cancelled',
      types: [{ name: 'Entry', priceCents: 1_000 }],
    },
  ];
}

/** Demo ticket orders: [reference, event title, buyer e-mail, tickets [type, holder], checked in]. */
const ORDERS: [string, string, string, [string, string][], boolean][] = [
  ['EV-DEMO0001', 'Inter-house athletics', 'parent@demo-school.sekolo.test', [['Spectator', 'Lindiwe Mokoena']], true],
  [
    'EV-DEMO0002',
    'Inter-house athletics',
    'customer@sekolo.test',
    [
      ['Spectator', 'Johan Botha'],
      ['Spectator', 'Marietjie Botha'],
    ],
    true,
  ],
  [
    'EV-DEMO0003',
    'Grade 8 parents’ evening',
    'parent@demo-school.sekolo.test',
    [['Parent or guardian', 'Lindiwe Mokoena']],
    false,
  ],
  [
    'EV-DEMO0004',
    'Fun run',
    'parent@demo-school.sekolo.test',
    [
      ['Adult', 'Lindiwe Mokoena'],
      ['Child', 'Kabelo Mokoena'],
    ],
    false,
  ],
  [
    'EV-DEMO0005',
    'Fun run',
    'customer@sekolo.test',
    [
      ['Adult', 'Johan Botha'],
      ['Adult', 'Marietjie Botha'],
      ['Child', 'Ruan Botha'],
    ],
    false,
  ],
  [
    'EV-DEMO0006',
    'Heritage Day concert',
    'parent@demo-school.sekolo.test',
    [
      ['General admission', 'Lindiwe Mokoena'],
      ['General admission', 'Sipho Mokoena'],
    ],
    false,
  ],
];

/** Fixed demo ticket codes, so a demo at the door can type one: T-DEMO<order><n>. */
const demoCode = (reference: string, n: number) => `T-DEM${reference.slice(-2)}${String(n).padStart(3, '0')}`;

/**
 * A term of events at Demo High School: a past athletics day (tickets checked in), a Grade 8
 * parents' evening, a public fun run (R60 adult, R30 child, paid through the checkout), the
 * Heritage Day concert, the matric dance (R350) and a cancelled market day; the demo parent's and
 * the demo customer's tickets. Idempotent.
 */
export const seedEvents: TSeeder = async ({ database, config }) => {
  const db = database.db;
  const [school] = await db.select().from(organizations).where(eq(organizations.slug, DEMO_SCHOOL.slug));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));
  if (!school) return [];
  const existing = await db.select().from(events).where(eq(events.organizationId, school.id));
  const byTitle = new Map(existing.map((e) => [e.title, e]));
  for (const demo of demoEvents()) {
    if (byTitle.has(demo.title)) continue;
    const [row] = await db
      .insert(events)
      .values({
        organizationId: school.id,
        title: demo.title,
        description: demo.description,
        place: demo.place,
        startsAt: at(demo.date, demo.from),
        endsAt: at(demo.date, demo.to),
        capacity: demo.capacity,
        audience: demo.audience,
        grades: demo.grades ?? [],
        status: demo.status,
        cancelledAt: demo.status === 'cancelled' ? new Date() : null,
        createdBy: admin?.id ?? null,
      })
      .returning();
    await db.insert(eventTicketTypes).values(
      demo.types.map((type, i) => ({
        organizationId: school.id,
        eventId: row!.id,
        name: type.name,
        priceCents: type.priceCents,
        ticketLimit: type.limit ?? null,
        sortOrder: i,
      })),
    );
    byTitle.set(demo.title, row!);
  }

  const done = await db
    .select({ reference: eventTicketOrders.reference })
    .from(eventTicketOrders)
    .where(
      inArray(
        eventTicketOrders.reference,
        ORDERS.map((o) => o[0]),
      ),
    );
  for (const [reference, title, email, tickets, checkedIn] of ORDERS) {
    if (done.some((d) => d.reference === reference)) continue;
    const event = byTitle.get(title);
    const [buyer] = await db.select().from(users).where(eq(users.email, email));
    if (!event || !buyer) continue;
    const types = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, event.id));
    const priceOf = (name: string) => types.find((t) => t.name === name)!;
    const totalCents = tickets.reduce((sum, [type]) => sum + priceOf(type).priceCents, 0);
    const paid = totalCents > 0;
    const [order] = await db
      .insert(eventTicketOrders)
      .values({
        organizationId: school.id,
        eventId: event.id,
        buyerUserId: buyer.id,
        reference,
        status: paid ? 'awaiting_payment' : 'confirmed',
        totalCents,
        holdExpiresAt: paid ? new Date(Date.now() + 30 * 60_000) : null,
        confirmedAt: paid ? null : new Date(),
      })
      .returning();
    const checkedInAt = checkedIn ? new Date(event.startsAt.getTime() + 25 * 60_000) : null;
    await db.insert(eventTickets).values(
      tickets.map(([type, holder], i) => ({
        organizationId: school.id,
        eventId: event.id,
        orderId: order!.id,
        ticketTypeId: priceOf(type).id,
        code: demoCode(reference, i + 1),
        holderName: holder,
        priceCents: priceOf(type).priceCents,
        status: paid ? 'held' : 'valid',
        holdExpiresAt: paid ? order!.holdExpiresAt : null,
        checkedInAt,
        checkedInBy: checkedIn ? (admin?.id ?? null) : null,
        checkedInDevice: checkedIn ? 'demo-door-phone' : null,
        checkInScanId: checkedIn ? `demo-${reference}-${i + 1}` : null,
      })),
    );
    if (!paid) continue;
    const { order: payment } = await createOrder(
      { config, database },
      {
        kind: 'basket',
        grossCents: totalCents,
        payeeOrganizationId: school.id,
        description: `${title}: tickets ${reference}`,
        returnPath: '/dashboard/tickets',
        cancelPath: '/dashboard/tickets',
        buyerUserId: buyer.id,
        context: { purpose: EVENT_TICKETS_PURPOSE, ticketOrderId: order!.id },
      },
    );
    await creditOrder(db, { orderId: payment.id, provider: 'sandbox', providerTransactionId: `sbx_demo_${reference}` });
    // Seeding may run without the app's order hooks: what the paid hook does, done here.
    await db
      .update(eventTicketOrders)
      .set({
        status: 'confirmed',
        confirmedAt: new Date(),
        holdExpiresAt: null,
        paymentOrderId: payment.id,
        paymentReference: payment.reference,
        updatedAt: new Date(),
      })
      .where(eq(eventTicketOrders.id, order!.id));
    await db
      .update(eventTickets)
      .set({ status: 'valid', holdExpiresAt: null })
      .where(and(eq(eventTickets.orderId, order!.id), inArray(eventTickets.status, ['held', 'valid'])));
  }
  return [];
};
