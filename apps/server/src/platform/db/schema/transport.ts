import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { feeItems } from './finance.ts';
import { learners } from './school.ts';

/**
 * School transport (D25, migration 0053_transport): vehicles, routes with ordered stops, riders
 * and each day's morning and afternoon trip with its boarding register. A route never holds more
 * riders than its vehicle's seats: adding a rider locks the route row and counts (modules/transport).
 */

export const transportVehicles = pgTable(
  'transport_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Upper case, single spaces. */
    registration: text('registration').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull(),
    /** The certificate's last valid day. */
    roadworthyExpiresOn: date('roadworthy_expires_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transport_vehicles_org_registration_key').on(t.organizationId, t.registration),
    check('transport_vehicles_capacity_check', sql`${t.capacity} between 1 and 120`),
  ],
);

export const transportRoutes = pgTable(
  'transport_routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vehicleId: uuid('vehicle_id').references(() => transportVehicles.id, { onDelete: 'set null' }),
    driverUserId: text('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An optional item of the fee structures: riders are opted into its equivalent for their grade. */
    feeItemId: uuid('fee_item_id').references(() => feeItems.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transport_routes_org_idx').on(t.organizationId),
    index('transport_routes_driver_idx').on(t.driverUserId),
  ],
);

export const transportStops = pgTable(
  'transport_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    routeId: uuid('route_id')
      .notNull()
      .references(() => transportRoutes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** 'HH:MM' South African time: the morning pick-up and the afternoon drop-off. */
    morningTime: text('morning_time').notNull(),
    afternoonTime: text('afternoon_time').notNull(),
  },
  (t) => [index('transport_stops_route_idx').on(t.routeId, t.position)],
);

export const transportRiders = pgTable(
  'transport_riders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** One route per learner. */
    learnerId: uuid('learner_id')
      .primaryKey()
      .references(() => learners.id, { onDelete: 'cascade' }),
    routeId: uuid('route_id')
      .notNull()
      .references(() => transportRoutes.id, { onDelete: 'cascade' }),
    morningStopId: uuid('morning_stop_id')
      .notNull()
      .references(() => transportStops.id),
    afternoonStopId: uuid('afternoon_stop_id')
      .notNull()
      .references(() => transportStops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transport_riders_route_idx').on(t.routeId)],
);

export const transportTrips = pgTable(
  'transport_trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    routeId: uuid('route_id')
      .notNull()
      .references(() => transportRoutes.id, { onDelete: 'cascade' }),
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    /** 'morning' | 'afternoon'. */
    period: text('period').notNull(),
    /** 'in_progress' | 'completed' (a trip without a row has not started). */
    status: text('status').notNull(),
    vehicleId: uuid('vehicle_id').references(() => transportVehicles.id, { onDelete: 'set null' }),
    driverUserId: text('driver_user_id').references(() => users.id, { onDelete: 'set null' }),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transport_trips_route_day_key').on(t.routeId, t.tripDate, t.period),
    check('transport_trips_period_check', sql`${t.period} in ('morning', 'afternoon')`),
    check('transport_trips_status_check', sql`${t.status} in ('in_progress', 'completed')`),
  ],
);

/** The current mark of each rider on a trip; every change is kept in transport_mark_events. */
export const transportMarks = pgTable(
  'transport_marks',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => transportTrips.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.learnerId] }),
    check('transport_marks_status_check', sql`${t.status} in ('boarded', 'not_boarded', 'dropped_off')`),
  ],
);

/** The audit trail of the register: each mark given, with the one it replaced. */
export const transportMarkEvents = pgTable(
  'transport_mark_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => transportTrips.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    previousStatus: text('previous_status'),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transport_mark_events_trip_idx').on(t.tripId, t.learnerId, t.markedAt)],
);
