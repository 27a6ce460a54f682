/**
 * School transport (D25): routes with ordered stops and their times, vehicles with their
 * roadworthy certificate, drivers, riders (learners with a morning and an afternoon stop) and the
 * driver's boarding register for each day's morning and afternoon trip. Forms and the server share
 * these schemas and messages. Times are South African ('HH:MM', UTC+2), dates 'YYYY-MM-DD'.
 */

import { z } from 'zod';
import { addDays, isIsoDate, SA_TIME_ZONE } from '../domain/sa-calendar.ts';

export const TRANSPORT_MESSAGES = {
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  registrationRequired: 'Enter the vehicle’s registration, e.g. GP 123-456 or ND 45678',
  capacityInvalid: 'Seats must be a whole number from 1 to 120',
  roadworthyRequired: 'Enter the date the roadworthy certificate expires',
  vehicleExists: 'The school already has a vehicle with that registration',
  vehicleNotFound: 'That vehicle does not exist',
  vehicleRoadworthyExpired: (registration: string) =>
    `${registration}’s roadworthy certificate has expired. Renew it before the vehicle is used for a trip.`,
  vehicleTooSmall: (seats: number, riders: number) =>
    `The vehicle has ${seats} seats but the route has ${riders} riders. Choose a bigger vehicle or move riders first.`,
  capacityBelowRiders: (route: string, riders: number) =>
    `${route} has ${riders} riders on this vehicle. Keep at least ${riders} seats or move riders first.`,
  routeNameRequired: 'Name the route, e.g. Route A – Soshanguve',
  routeExists: 'The school already has a route with that name',
  routeNotFound: 'That route does not exist',
  driverNotFound: 'Choose a staff member with the driver role at your school',
  feeItemNotFound: 'Choose an optional fee item of your school’s fee structures',
  stopNameRequired: 'Name the stop, e.g. Block L taxi rank',
  timeInvalid: 'Enter a time as HH:MM, e.g. 06:45',
  stopsRequired: 'Add at least one stop',
  tooManyStops: 'A route has at most 40 stops',
  stopsOutOfOrder: 'Morning pick-up times must run in stop order (each stop later than the one before)',
  stopInUse: (stop: string, riders: number) =>
    `${riders === 1 ? 'A rider uses' : `${riders} riders use`} ${stop}. Move them to another stop first.`,
  stopNotOnRoute: 'Choose a stop of this route',
  learnerNotFound: 'That learner does not exist',
  alreadyRiding: (route: string) => `This learner already rides ${route}. Remove them there first.`,
  riderNotFound: 'That learner is not a rider of this route',
  noVehicle: 'Assign a vehicle to the route before adding riders',
  routeFull: (seats: number) => `The route is full: its vehicle has ${seats} seats and every seat is taken.`,
  noDriver: 'Assign a driver to the route before it runs',
  tripNotToday: 'Only today’s trips can be started, marked or completed',
  tripNotStarted: 'Start the trip first',
  tripCompleted: 'This trip is completed; its register can no longer be changed',
  tripAlreadyStarted: 'This trip has already started',
  markInvalid: 'Choose boarded, not boarded or dropped off',
  searchTooShort: 'Type at least 2 letters of a name or an admission number',
} as const;

const M = TRANSPORT_MESSAGES;

/** A vehicle's roadworthy certificate is flagged this many days before it expires. */
export const ROADWORTHY_WARNING_DAYS = 30;

export const ROADWORTHY_STATUSES = [
  { id: 'valid', label: 'Roadworthy' },
  { id: 'expiring', label: 'Expires soon' },
  { id: 'expired', label: 'Expired' },
] as const;
export type TRoadworthyStatus = (typeof ROADWORTHY_STATUSES)[number]['id'];

/** Whether a certificate valid to `expiresOn` (its last valid day) holds `on`, or soon will not. */
export function roadworthyStatus(expiresOn: string, on: string): TRoadworthyStatus {
  if (expiresOn < on) return 'expired';
  if (expiresOn <= addDays(on, ROADWORTHY_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

export const TRIP_PERIODS = [
  { id: 'morning', label: 'Morning pick-up' },
  { id: 'afternoon', label: 'Afternoon drop-off' },
] as const;
export type TTripPeriod = (typeof TRIP_PERIODS)[number]['id'];
export const TRIP_PERIOD_IDS = ['morning', 'afternoon'] as const;
export const tripPeriodLabel = (id: string) => TRIP_PERIODS.find((p) => p.id === id)?.label ?? id;

export const TRIP_STATUSES = [
  { id: 'not_started', label: 'Not started' },
  { id: 'in_progress', label: 'Under way' },
  { id: 'completed', label: 'Completed' },
] as const;
export type TTripStatus = (typeof TRIP_STATUSES)[number]['id'];
export const tripStatusLabel = (id: string) => TRIP_STATUSES.find((s) => s.id === id)?.label ?? id;

export const RIDER_MARKS = [
  { id: 'boarded', label: 'Boarded' },
  { id: 'not_boarded', label: 'Not boarded' },
  { id: 'dropped_off', label: 'Dropped off' },
] as const;
export type TRiderMark = (typeof RIDER_MARKS)[number]['id'];
export const RIDER_MARK_IDS = ['boarded', 'not_boarded', 'dropped_off'] as const;
export const riderMarkLabel = (id: string) => RIDER_MARKS.find((m) => m.id === id)?.label ?? id;

/** 'HH:MM' of an instant in South African time. */
export function timeInSouthAfrica(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: SA_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** What a guardian reads of a trip today: "Boarded at 06:52", "Not boarded", "Trip not started". */
export function tripStatusForGuardian(
  trip: { status: TTripStatus },
  mark: { status: TRiderMark; markedAt: string } | null,
): string {
  if (mark?.status === 'boarded') return `Boarded at ${timeInSouthAfrica(mark.markedAt)}`;
  if (mark?.status === 'dropped_off') return `Dropped off at ${timeInSouthAfrica(mark.markedAt)}`;
  if (mark?.status === 'not_boarded') return 'Not boarded';
  if (trip.status === 'not_started') return 'Trip not started';
  if (trip.status === 'in_progress') return 'Trip under way, not marked yet';
  return 'Trip completed, not marked';
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = z.string({ error: M.timeInvalid }).regex(TIME, M.timeInvalid);
const ZIsoDate = z.string({ error: M.roadworthyRequired }).refine(isIsoDate, M.roadworthyRequired);

// Forms

export const ZVehicleInput = z.object({
  registration: z
    .string({ error: M.registrationRequired })
    .trim()
    .min(2, M.registrationRequired)
    .max(20, M.tooLong(20))
    .transform((s) => s.toUpperCase().replace(/\s+/g, ' ')),
  description: z.string().trim().max(80, M.tooLong(80)).default(''),
  capacity: z
    .number({ error: M.capacityInvalid })
    .int(M.capacityInvalid)
    .min(1, M.capacityInvalid)
    .max(120, M.capacityInvalid),
  roadworthyExpiresOn: ZIsoDate,
});
export type TVehicleInput = z.input<typeof ZVehicleInput>;

export const ZRouteInput = z.object({
  name: z.string({ error: M.routeNameRequired }).trim().min(2, M.routeNameRequired).max(80, M.tooLong(80)),
  vehicleId: z.uuid({ error: M.vehicleNotFound }).nullable().default(null),
  driverUserId: z.string().trim().min(1, M.driverNotFound).nullable().default(null),
  feeItemId: z.uuid({ error: M.feeItemNotFound }).nullable().default(null),
});
export type TRouteInput = z.input<typeof ZRouteInput>;

export const ZStopInput = z.object({
  /** An existing stop keeps its id (and its riders); a new stop has none. */
  id: z.uuid().nullable().default(null),
  name: z.string({ error: M.stopNameRequired }).trim().min(2, M.stopNameRequired).max(80, M.tooLong(80)),
  morningTime: ZTime,
  afternoonTime: ZTime,
});
export type TStopInput = z.input<typeof ZStopInput>;

export const ZStopsInput = z.object({
  stops: z
    .array(ZStopInput)
    .min(1, M.stopsRequired)
    .max(40, M.tooManyStops)
    .refine((stops) => stops.every((s, i) => i === 0 || s.morningTime > stops[i - 1]!.morningTime), M.stopsOutOfOrder),
});
export type TStopsInput = z.input<typeof ZStopsInput>;

export const ZRiderInput = z.object({
  learnerId: z.uuid({ error: M.learnerNotFound }),
  morningStopId: z.uuid({ error: M.stopNotOnRoute }),
  afternoonStopId: z.uuid({ error: M.stopNotOnRoute }),
});
export type TRiderInput = z.input<typeof ZRiderInput>;

export const ZRiderStopsInput = ZRiderInput.omit({ learnerId: true });

export const ZMarkInput = z.object({ status: z.enum(RIDER_MARK_IDS, { error: M.markInvalid }) });
export type TMarkInput = z.input<typeof ZMarkInput>;

export const ZLearnerSearchQuery = z.object({
  q: z.string({ error: M.searchTooShort }).trim().min(2, M.searchTooShort).max(60),
});

export const ZTripsQuery = z.object({
  date: z.string().refine(isIsoDate, 'Enter a date').optional(),
});

// Answers

export const ZVehicle = z.object({
  id: z.string(),
  registration: z.string(),
  description: z.string(),
  capacity: z.number(),
  roadworthyExpiresOn: z.string(),
  roadworthy: z.enum(['valid', 'expiring', 'expired']),
  routeNames: z.array(z.string()),
});
export type TVehicle = z.infer<typeof ZVehicle>;

export const ZStop = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  morningTime: z.string(),
  afternoonTime: z.string(),
});
export type TStop = z.infer<typeof ZStop>;

const ZPerson = z.object({ id: z.string(), name: z.string() });

export const ZRouteSummary = z.object({
  id: z.string(),
  name: z.string(),
  vehicle: z
    .object({
      id: z.string(),
      registration: z.string(),
      capacity: z.number(),
      roadworthy: z.enum(['valid', 'expiring', 'expired']),
    })
    .nullable(),
  driver: ZPerson.nullable(),
  feeItem: z.object({ id: z.string(), name: z.string(), year: z.number() }).nullable(),
  stops: z.number(),
  riders: z.number(),
  firstPickUp: z.string().nullable(),
});
export type TRouteSummary = z.infer<typeof ZRouteSummary>;

export const ZFeeItemOption = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number(),
  grade: z.number(),
  amountCents: z.number(),
});

export const ZTransportOverview = z.object({
  today: z.string(),
  routes: z.array(ZRouteSummary),
  vehicles: z.array(ZVehicle),
  drivers: z.array(ZPerson),
  feeItems: z.array(ZFeeItemOption),
});
export type TTransportOverview = z.infer<typeof ZTransportOverview>;

export const ZRider = z.object({
  learnerId: z.string(),
  name: z.string(),
  grade: z.string(),
  admissionNumber: z.string(),
  morningStopId: z.string(),
  afternoonStopId: z.string(),
});
export type TRider = z.infer<typeof ZRider>;

export const ZRouteDetail = z.object({
  route: ZRouteSummary,
  stops: z.array(ZStop),
  riders: z.array(ZRider),
});
export type TRouteDetail = z.infer<typeof ZRouteDetail>;

export const ZAddRiderAnswer = z.object({
  rider: ZRider,
  /** The fee item the learner was opted into, when the route has one their grade offers. */
  feeOption: z.string().nullable(),
});

export const ZLearnerMatch = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string(),
  admissionNumber: z.string(),
  ridesRoute: z.string().nullable(),
});
export type TLearnerMatch = z.infer<typeof ZLearnerMatch>;

export const ZTripSummary = z.object({
  routeId: z.string(),
  routeName: z.string(),
  period: z.enum(TRIP_PERIOD_IDS),
  date: z.string(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  startsAt: z.string().nullable(),
  riders: z.number(),
  marked: z.number(),
  vehicle: z.string().nullable(),
  roadworthy: z.enum(['valid', 'expiring', 'expired']).nullable(),
  driver: z.string().nullable(),
});
export type TTripSummary = z.infer<typeof ZTripSummary>;

export const ZTripRider = z.object({
  learnerId: z.string(),
  name: z.string(),
  grade: z.string(),
  mark: z.enum(RIDER_MARK_IDS).nullable(),
  markedAt: z.string().nullable(),
});
export type TTripRider = z.infer<typeof ZTripRider>;

export const ZTripDetail = z.object({
  trip: ZTripSummary,
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  stops: z.array(z.object({ id: z.string(), name: z.string(), time: z.string(), riders: z.array(ZTripRider) })),
});
export type TTripDetail = z.infer<typeof ZTripDetail>;

export const ZChildTransport = z.object({
  learnerId: z.string(),
  name: z.string(),
  route: z.string(),
  vehicle: z.string().nullable(),
  driver: z.string().nullable(),
  morningStop: z.object({ name: z.string(), time: z.string() }),
  afternoonStop: z.object({ name: z.string(), time: z.string() }),
  stops: z.array(ZStop),
  today: z.array(
    z.object({
      period: z.enum(TRIP_PERIOD_IDS),
      status: z.enum(['not_started', 'in_progress', 'completed']),
      mark: z.enum(RIDER_MARK_IDS).nullable(),
      markedAt: z.string().nullable(),
      label: z.string(),
    }),
  ),
});
export type TChildTransport = z.infer<typeof ZChildTransport>;
