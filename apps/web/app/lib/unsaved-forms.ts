/**
 * The forms on screen that hold unsaved changes, each with a way to ask the user whether to leave
 * them. The router's moves are asked by each guard's blocker; a move the router does not see
 * first, the sign-out (which ends the session before it moves), asks here.
 */
type TAsk = () => Promise<boolean>;
const askers = new Set<TAsk>();

/** Registers a form's question while it holds unsaved changes; returns its removal. */
export function holdUnsavedForm(ask: TAsk): () => void {
  askers.add(ask);
  return () => askers.delete(ask);
}

/** Asks each form with unsaved changes in turn; true when none is left or the user leaves them all. */
export async function confirmLeavingForms(): Promise<boolean> {
  for (const ask of [...askers]) if (!(await ask())) return false;
  return true;
}
