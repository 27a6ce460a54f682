import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time';

describe('messageTime: when a message was sent, in South African time', () => {
  const now = new Date('2026-11-05T10:00:00Z'); // Thursday 12:00 in Johannesburg
  it('shows the time today, the weekday within the week, the day this year, and the year before', () => {
    expect(messageTime('2026-11-05T06:30:00Z', now)).toBe('08:30');
    expect(messageTime('2026-11-02T12:15:00Z', now)).toMatch(/^Mon,? 14:15$/);
    expect(messageTime('2026-09-14T08:00:00Z', now)).toBe('14 Sept');
    expect(messageTime('2025-12-01T08:00:00Z', now)).toBe('1 Dec 2025');
  });
  it('takes the day in Johannesburg, not in UTC', () => {
    // 23:30 UTC on the 4th is 01:30 on the 5th in Johannesburg: today.
    expect(messageTime('2026-11-04T23:30:00Z', now)).toBe('01:30');
  });
});
