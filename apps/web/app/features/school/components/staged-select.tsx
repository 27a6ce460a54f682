import { useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { NativeSelect } from '~/components/ui/native-select';
import { useSingleFlight } from '~/lib/use-single-flight';

/**
 * A native select that saves only when asked. Choosing a value just stages it: in Chromium the
 * arrow keys on a closed select fire `change`, so saving on change turned one keypress into a saved
 * role. While the staged value differs from the saved one, Save and Cancel show beside it.
 *
 * The select is never disabled while saving (a disabled select loses keyboard focus to <body>);
 * after a save or Cancel, focus returns to the select. `onSave` does the request and the toasts and
 * answers whether it worked: on failure the staged value stays, so the user can try again.
 */
export function StagedSelect({
  label,
  saveLabel,
  cancelLabel,
  saved,
  onSave,
  disabled,
  className,
  selectRef: givenRef,
  children,
}: {
  /** The select's accessible name, e.g. "Role of Pieter van der Merwe". */
  label: string;
  /** The Save button's accessible name. Keep the select's label out of it, so getByLabel finds one. */
  saveLabel: string;
  cancelLabel: string;
  saved: string;
  onSave: (value: string) => Promise<boolean>;
  /** Only while there is nothing to choose from yet (the options are loading). */
  disabled?: boolean;
  className?: string;
  /** The select, for who returns the focus to it (e.g. after a dialog that `onSave` opened closes). */
  selectRef?: React.RefObject<HTMLSelectElement | null>;
  children: React.ReactNode;
}) {
  const [staged, setStaged] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Claimed before the request starts: a double click reaches the handler twice before a re-render.
  const once = useSingleFlight();
  const ownRef = useRef<HTMLSelectElement>(null);
  const selectRef = givenRef ?? ownRef;
  const changed = staged !== null && staged !== saved;

  const save = async () => {
    if (staged === null || !changed) return;
    const value = staged;
    const ok = await once(async () => {
      setSaving(true);
      try {
        return await onSave(value);
      } finally {
        setSaving(false);
      }
    });
    if (!ok) return;
    // Unless another value was chosen meanwhile, the saved value is now the one shown.
    setStaged((current) => (current === value ? null : current));
    selectRef.current?.focus();
  };

  const cancel = () => {
    setStaged(null);
    selectRef.current?.focus();
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect
        ref={selectRef}
        aria-label={label}
        className={className}
        value={staged ?? saved}
        disabled={disabled}
        onChange={(event) => {
          const value = (event.target as HTMLSelectElement).value;
          setStaged(value === saved ? null : value);
        }}
      >
        {children}
      </NativeSelect>
      {changed && (
        <>
          {/* aria-disabled, not disabled, while saving: a disabled button would drop the focus. */}
          <Button
            size="sm"
            aria-label={saveLabel}
            aria-disabled={saving || undefined}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
            onClick={() => void save()}
          >
            Save
          </Button>
          <Button size="sm" variant="secondary" aria-label={cancelLabel} disabled={saving} onClick={cancel}>
            Cancel
          </Button>
        </>
      )}
    </div>
  );
}
