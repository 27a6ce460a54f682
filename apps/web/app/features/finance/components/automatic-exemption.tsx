import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  AUTOMATIC_EXEMPTION_CATEGORIES,
  ZAutomaticExemptionSchema,
  type TAutomaticExemptionCategory,
} from '@sekolo/shared/schemas/finance-exemptions';
import type { TLearnerFinance } from '@sekolo/shared/schemas/finance';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useRecordAutomaticExemption } from '../api/exemption-queries';

/**
 * An automatic exemption at a public school (the regulations' categories: foster care, a youth
 * care centre or place of safety, an orphan or no visible means of support, a child support grant):
 * full, no income test, with proof. The year's issued invoices are credited at once.
 */
export function AutomaticExemption({ finance, year }: { finance: TLearnerFinance; year: number }) {
  const id = useId();
  const record = useRecordAutomaticExemption(finance.learner.id);
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<TAutomaticExemptionCategory>('social_grant');
  const [proof, setProof] = useState<TUploadedFile | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { year, category, documentIds: proof ? [proof.id] : [], notes };
    const parsed = ZAutomaticExemptionSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync(body);
      toast.success(`${finance.learner.name} is exempted from ${year} fees in full.`);
      setOpen(false);
      setProof(null);
      setNotes('');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(errorMessage(error));
    }
  }

  if (!open)
    return (
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Record an automatic exemption
      </Button>
    );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Record an automatic exemption for ${finance.learner.name}`}
      className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2"
    >
      <FormField id={`${id}-category`} label="Circumstance" error={errors.category} className="sm:col-span-2">
        <NativeSelect value={category} onChange={(e) => setCategory(e.target.value as TAutomaticExemptionCategory)}>
          {AUTOMATIC_EXEMPTION_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-2">
        <FileUpload
          id={`${id}-proof`}
          label="Proof"
          purpose="fee-exemption"
          value={proof}
          onChange={setProof}
          error={errors.documentIds}
          description="A grant letter, a court order, a placement letter or a death certificate: PDF, PNG, JPEG or WebP."
        />
      </div>
      <FormField id={`${id}-notes`} label="Notes" optional error={errors.notes} className="sm:col-span-2">
        <Textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={record.isPending}>
          Exempt in full
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
