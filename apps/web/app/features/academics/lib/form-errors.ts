import { ApiError } from '~/lib/api-client';

/** The first message of each top-level field among a schema's issues, for the form's fields. */
export function fieldMessagesOf(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in messages)) messages[field] = issue.message;
  }
  return messages;
}

/** Puts the server's per-field messages on the form; true when there were any. */
export function applyFieldMessages(error: unknown, setErrors: (errors: Record<string, string>) => void): boolean {
  if (!(error instanceof ApiError) || !error.fields || Object.keys(error.fields).length === 0) return false;
  setErrors(
    fieldMessagesOf(Object.entries(error.fields).map(([path, message]) => ({ path: path.split('.'), message }))),
  );
  return true;
}
