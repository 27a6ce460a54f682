import type { TCheckInOutcome, TCheckInResult, TDoorList } from '@sekolo/shared/schemas/events';

/**
 * The door phone's own state for one event, kept in localStorage so a page reload or a short loss of
 * network loses nothing: the ticket list downloaded when the page opened, the check-ins made here,
 * and the queue of scans not yet confirmed by the server. The phone judges a scan against the list
 * at once; the server judges again when the queue syncs, and its answer wins.
 */
export type TQueuedScan = { value: string; scannedAt: string; scanId: string };
export type TDoorState = {
  list: TDoorList | null;
  /** Ticket id → when it was checked in (as far as this phone knows). */
  checkedIn: Record<string, string>;
  queue: TQueuedScan[];
  /** Scans this phone admitted that the server says another phone admitted first. */
  overruled: { holder: string; ticketType: string; checkedInAt: string }[];
};

export type TVerdict = {
  outcome: TCheckInOutcome;
  holder: string | null;
  ticketType: string | null;
  checkedInAt: string | null;
  ticketId: string | null;
};

const KEY = (eventId: string) => `sekolo.door.${eventId}`;
const DEVICE_KEY = 'sekolo.door.device';

export const emptyDoorState = (): TDoorState => ({ list: null, checkedIn: {}, queue: [], overruled: [] });

export function loadDoorState(storage: Storage, eventId: string): TDoorState {
  try {
    const raw = storage.getItem(KEY(eventId));
    return raw ? { ...emptyDoorState(), ...(JSON.parse(raw) as TDoorState) } : emptyDoorState();
  } catch {
    return emptyDoorState();
  }
}

export function saveDoorState(storage: Storage, eventId: string, state: TDoorState): void {
  storage.setItem(KEY(eventId), JSON.stringify(state));
}

/** This phone's id, made once and kept. */
export function deviceIdOf(storage: Storage): string {
  let id = storage.getItem(DEVICE_KEY);
  if (!id) {
    id = `door-${crypto.randomUUID()}`;
    storage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** A typed code as tickets print it: 't 7kq2 m9xd' → 'T-7KQ2M9XD' (look-alike letters read as digits). */
export function normaliseCode(value: string): string {
  const cleaned = value.trim().toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return cleaned.startsWith('T') ? `T-${cleaned.slice(1)}` : cleaned;
}

/** A freshly downloaded list: the server's check-ins join this phone's (queued ones stay). */
export function withList(state: TDoorState, list: TDoorList): TDoorState {
  const checkedIn = { ...state.checkedIn };
  for (const ticket of list.tickets)
    if (ticket.checkedInAt && !checkedIn[ticket.id]) checkedIn[ticket.id] = ticket.checkedInAt;
  return { ...state, list, checkedIn };
}

/** Judges a scan against the downloaded list (offline) and records it here when it admits. */
export function judgeLocally(
  state: TDoorState,
  value: string,
  now: Date,
): { state: TDoorState; verdict: TVerdict; scan: TQueuedScan } {
  const scan: TQueuedScan = {
    value: value.trim(),
    scannedAt: now.toISOString(),
    scanId: `scan-${crypto.randomUUID()}`,
  };
  const code = normaliseCode(value);
  const ticket = state.list?.tickets.find((t) => t.token === value.trim() || t.code === code);
  if (!ticket) {
    return {
      state: { ...state, queue: [...state.queue, scan] },
      verdict: { outcome: 'invalid', holder: null, ticketType: null, checkedInAt: null, ticketId: null },
      scan,
    };
  }
  const already = state.checkedIn[ticket.id];
  const verdict: TVerdict = {
    outcome: already ? 'already_used' : 'valid',
    holder: ticket.holder,
    ticketType: ticket.ticketType,
    checkedInAt: already ?? scan.scannedAt,
    ticketId: ticket.id,
  };
  return {
    state: {
      ...state,
      checkedIn: already ? state.checkedIn : { ...state.checkedIn, [ticket.id]: scan.scannedAt },
      queue: [...state.queue, scan],
    },
    verdict,
    scan,
  };
}

/**
 * The server's answers to synced scans: they leave the queue; its check-in times replace this
 * phone's; a scan this phone admitted that another phone had admitted first is listed as overruled.
 */
export function applyServerResults(state: TDoorState, sent: TQueuedScan[], results: TCheckInResult[]): TDoorState {
  const sentIds = new Set(sent.map((s) => s.scanId));
  const checkedIn = { ...state.checkedIn };
  const overruled = [...state.overruled];
  sent.forEach((scan, i) => {
    const result = results[i];
    if (!result || !result.ticketId || !result.checkedInAt) return;
    const admittedHere = checkedIn[result.ticketId] === scan.scannedAt;
    if (result.outcome === 'already_used' && admittedHere)
      overruled.push({
        holder: result.holder ?? '',
        ticketType: result.ticketType ?? '',
        checkedInAt: result.checkedInAt,
      });
    checkedIn[result.ticketId] = result.checkedInAt;
  });
  return { ...state, checkedIn, overruled, queue: state.queue.filter((s) => !sentIds.has(s.scanId)) };
}

/** What the door says, large: 'Valid – Thabo M., Adult', 'Already used at 18:42', 'Invalid ticket'. */
export function verdictText(verdict: TVerdict, timeOf: (iso: string) => string): string {
  if (verdict.outcome === 'valid') return `Valid – ${verdict.holder}, ${verdict.ticketType}`;
  if (verdict.outcome === 'already_used')
    return `Already used at ${verdict.checkedInAt ? timeOf(verdict.checkedInAt) : 'an earlier time'}`;
  return 'Invalid ticket';
}
