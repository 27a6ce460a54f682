import { useEffect, useRef, useState } from 'react';
import { toastAction } from '~/lib/toast-action';
import { Button } from './button';

/**
 * Confirm-then-act for a destructive step (revoke an account, withdraw a consent): `children`
 * renders what asks for it (given `ask`); asked, it gives way to the question with a destructive
 * confirm button and a cancel button. Confirmed, `onConfirm` runs: on success the question closes
 * and `success` is toasted, on failure the error is toasted and the question stays, so it can be
 * tried again or cancelled.
 *
 * Focus: asking moves focus to the cancel button (the safe choice, inside a group named by
 * `label`); cancelling brings it back to the control that asked, which stays mounted (hidden)
 * meanwhile.
 *
 * `layout`: `inline`, the question and buttons on one line; `panel`, a red box with the question
 * above the buttons. `open` and `onOpenChange` make it controlled (e.g. one question open in a list).
 */
export function ConfirmAction({
  question,
  label,
  confirmLabel,
  cancelLabel,
  success,
  onConfirm,
  pending,
  layout = 'inline',
  open: controlledOpen,
  onOpenChange,
  children,
}: {
  question: React.ReactNode;
  label: string;
  confirmLabel: string;
  cancelLabel: string;
  success: string;
  onConfirm: () => Promise<unknown>;
  pending: boolean;
  layout?: 'inline' | 'panel';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: (ask: () => void) => React.ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const cancelRef = useRef<HTMLButtonElement>(null);
  const askedFrom = useRef<HTMLElement | null>(null);
  const restoreFocus = useRef(false);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (open && !wasOpen.current) cancelRef.current?.focus();
    if (!open && wasOpen.current && restoreFocus.current) {
      restoreFocus.current = false;
      if (askedFrom.current?.isConnected) askedFrom.current.focus();
    }
    wasOpen.current = open;
  }, [open]);

  const ask = () => {
    askedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  const cancel = () => {
    restoreFocus.current = true;
    setOpen(false);
  };
  const confirm = async () => {
    if (await toastAction(onConfirm, () => success)) setOpen(false);
  };

  const buttons = (
    <>
      <Button size="sm" variant="destructive" disabled={pending} onClick={() => void confirm()}>
        {confirmLabel}
      </Button>
      <Button ref={cancelRef} size="sm" variant="ghost" onClick={cancel}>
        {cancelLabel}
      </Button>
    </>
  );
  return (
    <>
      <div hidden={open}>{children(ask)}</div>
      {open &&
        (layout === 'panel' ? (
          <div role="group" aria-label={label} className="space-y-2 rounded-lg bg-red-50 p-3">
            <p className="text-sm text-red-900">{question}</p>
            <div className="flex gap-2">{buttons}</div>
          </div>
        ) : (
          <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-700">{question}</span>
            {buttons}
          </div>
        ))}
    </>
  );
}
