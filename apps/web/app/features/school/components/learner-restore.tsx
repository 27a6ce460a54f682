import { useId, useState } from 'react';
import { ArchiveRestore } from 'lucide-react';
import { toast } from 'sonner';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { schoolYearStart, ZLearnerRestoreSchema } from '@sekolo/shared/schemas/school';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useRestoreLearner } from '../api/school-queries';

/**
 * "Restore learner" for an archived learner. One with a register class is asked from which day
 * they are back in it: they were not in the class while archived, so by default (today) no
 * register of the days away lists them; an earlier day of the year (archived by mistake) puts them
 * back on those registers. The day is checked with the API's own schema (ZLearnerRestoreSchema).
 */
export function RestoreLearnerButton({
  id: buttonId,
  onRestoring,
  learnerId,
  name,
  className,
}: {
  /** The button's id, where the page puts focus when archiving swaps it in. */
  id?: string;
  /** Called just before the restore is sent (its button leaves the screen once it is done). */
  onRestoring?: () => void;
  learnerId: string;
  name: string;
  className: string | null;
}) {
  const id = useId();
  const restore = useRestoreLearner(learnerId);
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (registerClassSince: string) => {
    const parsed = ZLearnerRestoreSchema.safeParse({ registerClassSince });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    try {
      onRestoring?.();
      await restore.mutateAsync(parsed.data);
      toast.success('Learner restored');
      setOpen(false);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.registerClassSince : undefined;
      if (field) setProblem(field);
      else toast.error(errorMessage(error));
    }
  };

  if (!className) {
    return (
      <Button id={buttonId} variant="secondary" size="sm" disabled={restore.isPending} onClick={() => void run('')}>
        <ArchiveRestore aria-hidden="true" />
        Restore learner
      </Button>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSince(todayInSouthAfrica());
          setProblem(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button id={buttonId} variant="secondary" size="sm">
          <ArchiveRestore aria-hidden="true" />
          Restore learner
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Restore {name}?</DialogTitle>
          <DialogDescription>
            {name} was not in class {className} while archived, so its registers of those days do not list them. They
            are back on its register from the day below.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run(since);
          }}
        >
          <FormField
            id={`${id}-since`}
            label={`Back in class ${className} since`}
            hint="Today, unless they were in the class on earlier days of this school year."
            error={problem ?? undefined}
          >
            <Input
              type="date"
              min={schoolYearStart()}
              max={todayInSouthAfrica()}
              value={since}
              onChange={(event) => setSince(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={restore.isPending}>
              Restore learner
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
