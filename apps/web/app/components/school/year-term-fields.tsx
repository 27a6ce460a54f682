import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { currentYearTerm, TERMS } from '~/lib/school-term';

type TFieldProps = { id: string; value: number; onChange: (value: string) => void };

/** A labelled choice of this school year or the last (the years a page's marks and cards cover). */
export function YearField({ id, value, onChange }: TFieldProps) {
  const now = currentYearTerm();
  return (
    <div className="w-28 space-y-1.5">
      <Label htmlFor={id}>Year</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {[now.year, now.year - 1].map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A labelled choice of the four terms. */
export function TermField({ id, value, onChange }: TFieldProps) {
  return (
    <div className="w-28 space-y-1.5">
      <Label htmlFor={id}>Term</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {TERMS.map((t) => (
          <option key={t} value={t}>
            Term {t}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
