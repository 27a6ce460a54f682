/** What each background job does, in the operator's words; an unknown job shows its own name. */
const JOB_LABELS: Record<string, string> = {
  'mail.deliver': 'Mail delivery',
  'mail.sweep': 'Mail queue check',
  'subscriptions.renew': 'Subscription renewals',
  'dev.rehearsal': 'Rehearsal (development only)',
};

export function jobLabel(name: string): string {
  return JOB_LABELS[name] ?? name;
}

/** '1 attempt', '7 attempts'. */
export function attemptsLabel(attempts: number): string {
  return `${attempts} attempt${attempts === 1 ? '' : 's'}`;
}
