import { describe, expect, it } from 'vitest';
import type { TDoorList } from '@sekolo/shared/schemas/events';
import {
  applyServerResults,
  emptyDoorState,
  judgeLocally,
  loadDoorState,
  normaliseCode,
  saveDoorState,
  verdictText,
  withList,
} from './door';

const LIST: TDoorList = {
  event: { id: 'e1', title: 'Fun run', startsAt: '2026-12-12T05:30:00.000Z', place: 'Sports field' },
  generatedAt: '2026-12-12T05:00:00.000Z',
  tickets: [
    { id: 't1', code: 'T-7KQ2M9XD', token: 't1.sig', holder: 'Thabo M.', ticketType: 'Adult', checkedInAt: null },
    {
      id: 't2',
      code: 'T-AAAA0001',
      token: 't2.sig',
      holder: 'Lebo M.',
      ticketType: 'Child',
      checkedInAt: '2026-12-12T05:40:00.000Z',
    },
  ],
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const hhmm = (iso: string) => iso.slice(11, 16);

describe('the door phone offline', () => {
  it('admits a listed ticket once, then says already used; an unknown one is invalid', () => {
    let state = withList(emptyDoorState(), LIST);
    const first = judgeLocally(state, 't1.sig', new Date('2026-12-12T05:41:00Z'));
    expect(verdictText(first.verdict, hhmm)).toBe('Valid – Thabo M., Adult');
    state = first.state;
    const second = judgeLocally(state, ' t-7kq2 m9xd ', new Date('2026-12-12T05:42:00Z'));
    expect(verdictText(second.verdict, hhmm)).toBe('Already used at 05:41');
    expect(verdictText(judgeLocally(second.state, 't2.sig', new Date()).verdict, hhmm)).toBe('Already used at 05:40');
    const tampered = judgeLocally(second.state, 't1.sih', new Date());
    expect(verdictText(tampered.verdict, hhmm)).toBe('Invalid ticket');
    // Every scan waits in the queue for the server, which judges again.
    expect(tampered.state.queue.map((s) => s.value)).toEqual(['t1.sig', 't-7kq2 m9xd', 't1.sih']);
  });

  it('keeps its list and queue across a reload', () => {
    const storage = memoryStorage();
    const judged = judgeLocally(withList(emptyDoorState(), LIST), 't1.sig', new Date('2026-12-12T05:41:00Z'));
    saveDoorState(storage, 'e1', judged.state);
    const reloaded = loadDoorState(storage, 'e1');
    expect(reloaded.queue).toHaveLength(1);
    expect(reloaded.checkedIn.t1).toBe('2026-12-12T05:41:00.000Z');
    expect(loadDoorState(storage, 'other').list).toBeNull();
  });

  it('on sync, the server wins: a ticket another phone admitted first is listed as overruled', () => {
    const judged = judgeLocally(withList(emptyDoorState(), LIST), 't1.sig', new Date('2026-12-12T05:45:00Z'));
    const synced = applyServerResults(
      judged.state,
      [judged.scan],
      [
        {
          value: 't1.sig',
          outcome: 'already_used',
          ticketId: 't1',
          holder: 'Thabo M.',
          ticketType: 'Adult',
          checkedInAt: '2026-12-12T05:43:00.000Z',
        },
      ],
    );
    expect(synced.queue).toEqual([]);
    expect(synced.checkedIn.t1).toBe('2026-12-12T05:43:00.000Z');
    expect(synced.overruled).toEqual([
      { holder: 'Thabo M.', ticketType: 'Adult', checkedInAt: '2026-12-12T05:43:00.000Z' },
    ]);
    // A scan the server confirms is not overruled.
    const mine = judgeLocally(withList(emptyDoorState(), LIST), 't1.sig', new Date('2026-12-12T05:45:00Z'));
    const confirmed = applyServerResults(
      mine.state,
      [mine.scan],
      [
        {
          value: 't1.sig',
          outcome: 'valid',
          ticketId: 't1',
          holder: 'Thabo M.',
          ticketType: 'Adult',
          checkedInAt: mine.scan.scannedAt,
        },
      ],
    );
    expect(confirmed.overruled).toEqual([]);
  });

  it('reads typed codes as printed, look-alike letters as digits', () => {
    expect(normaliseCode('t-7kq2m9xd')).toBe('T-7KQ2M9XD');
    expect(normaliseCode('T AAAA OOOl')).toBe('T-AAAA0001');
  });
});
