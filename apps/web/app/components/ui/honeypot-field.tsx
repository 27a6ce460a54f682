/**
 * The honeypot of a public form (shared schema: HONEYPOT_FIELD): off-screen, out of the tab order
 * and hidden from screen readers, so people never fill it; bots that fill every field do, and the
 * server refuses their submission.
 */
export function HoneypotField(props: React.ComponentProps<'input'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave empty)
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
