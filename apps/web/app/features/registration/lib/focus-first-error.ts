/** After a failed submit, move focus to the first invalid field so keyboard and screen reader users find it. */
export function focusFirstError(): void {
  if (typeof document === 'undefined') return;
  window.requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
