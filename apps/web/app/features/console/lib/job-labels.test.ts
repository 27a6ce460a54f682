import { describe, expect, it } from 'vitest';
import { attemptsLabel, jobLabel } from './job-labels';

describe('job labels on the console', () => {
  it('names the jobs the platform runs, and shows any other by its own name', () => {
    expect(jobLabel('mail.deliver')).toBe('Mail delivery');
    expect(jobLabel('subscriptions.renew')).toBe('Subscription renewals');
    expect(jobLabel('reports.nightly')).toBe('reports.nightly');
  });

  it('counts attempts in words', () => {
    expect(attemptsLabel(1)).toBe('1 attempt');
    expect(attemptsLabel(7)).toBe('7 attempts');
  });
});
