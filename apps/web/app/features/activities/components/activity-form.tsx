import { useId, useState } from 'react';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_WEEKDAYS,
  ZActivityInput,
  type TActivity,
  type TActivityInput,
  type TSchoolActivities,
} from '@sekolo/shared/schemas/activities';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useSaveActivity } from '../api/activity-queries';
import { gradeName } from '../lib/format';

type TSlot = { on: boolean; starts: string; ends: string };
const GRADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The school's form for one activity: what it is, its coach, weekly schedule, venue, grades, places and fee. */
export function ActivityForm({
  activity,
  options,
  onDone,
}: {
  activity: TActivity | null;
  options: Omit<TSchoolActivities, 'activities'>;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveActivity();
  const [name, setName] = useState(activity?.name ?? '');
  const [category, setCategory] = useState<string>(activity?.category ?? 'sport');
  const [description, setDescription] = useState(activity?.description ?? '');
  const [coachUserId, setCoach] = useState(activity?.coach?.userId ?? options.coaches[0]?.userId ?? '');
  const [venue, setVenue] = useState(activity?.venue ?? '');
  const [grades, setGrades] = useState<number[]>(activity?.grades ?? [8, 9, 10, 11, 12]);
  const [capacity, setCapacity] = useState(String(activity?.capacity ?? 20));
  const [signUpOpen, setSignUpOpen] = useState(activity?.signUpOpen ?? true);
  const [active, setActive] = useState(activity?.active ?? true);
  const [feeItemId, setFeeItemId] = useState(activity?.feeItemId ?? '');
  const [slots, setSlots] = useState<TSlot[]>(() =>
    [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const found = activity?.schedule.find((s) => s.day === day);
      return found
        ? { on: true, starts: found.starts, ends: found.ends }
        : { on: false, starts: '14:30', ends: '16:00' };
    }),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const setSlot = (index: number, change: Partial<TSlot>) =>
    setSlots((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const toggleGrade = (grade: number) =>
    setGrades((all) => (all.includes(grade) ? all.filter((g) => g !== grade) : [...all, grade].sort((a, b) => a - b)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    const body: TActivityInput = {
      name,
      category: category as TActivityInput['category'],
      description,
      coachUserId,
      schedule: slots.flatMap((s, i) => (s.on ? [{ day: i + 1, starts: s.starts, ends: s.ends }] : [])),
      venue,
      grades,
      capacity: Number(capacity),
      signUpOpen,
      feeItemId: feeItemId || null,
      active,
    };
    // The shared schema first, so a mistake shows beside its field before anything is sent.
    const checked = ZActivityInput.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= issue.message;
      }
      setFields(found);
      setProblem('Please correct the fields marked below.');
      return;
    }
    try {
      await save.mutateAsync({ activityId: activity?.id ?? null, body });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={activity ? `Edit ${activity.name}` : 'New activity'}
      noValidate
    >
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={fields.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="Rugby u/15" />
        </FormField>
        <FormField id={`${id}-category`} label="Kind" error={fields.category}>
          <NativeSelect value={category} onChange={(e) => setCategory(e.target.value)}>
            {ACTIVITY_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-coach`} label="Coach" error={fields.coachUserId}>
          <NativeSelect value={coachUserId} onChange={(e) => setCoach(e.target.value)}>
            {options.coaches.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.name} ({c.roleLabel})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-venue`}
          label="Venue"
          optional
          hint="Choose one of the school’s rooms and facilities, or type another"
          error={fields.venue}
        >
          <Input
            value={venue}
            onChange={(e) => setVenue(e.target.value)}
            maxLength={120}
            list={`${id}-venues`}
            placeholder="Sports Field"
          />
        </FormField>
        <datalist id={`${id}-venues`}>
          {options.venues.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
        <FormField
          id={`${id}-capacity`}
          label="Places"
          hint="More sign-ups join the waiting list"
          error={fields.capacity}
        >
          <Input type="number" min={1} max={500} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </FormField>
        <FormField
          id={`${id}-fee`}
          label="Fee"
          optional
          hint="An optional item of the fee structures: a learner who signs up is billed it with the school fees"
          error={fields.feeItemId}
        >
          <NativeSelect value={feeItemId} onChange={(e) => setFeeItemId(e.target.value)}>
            <option value="">Free</option>
            {options.feeItems.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({formatZarWhole(item.yearCents)} a year)
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" optional error={fields.description}>
        <Textarea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Weekly schedule</legend>
        {fields.schedule ? <p className="text-sm text-red-700">{fields.schedule}</p> : null}
        {slots.map((slot, i) => (
          <div key={ACTIVITY_WEEKDAYS[i]} className="flex flex-wrap items-center gap-2">
            <CheckboxField
              id={`${id}-day-${i}`}
              label={ACTIVITY_WEEKDAYS[i]}
              checked={slot.on}
              onChange={(e) => setSlot(i, { on: e.target.checked })}
              className="w-32"
            />
            {slot.on ? (
              <>
                <label className="sr-only" htmlFor={`${id}-starts-${i}`}>
                  {ACTIVITY_WEEKDAYS[i]} starts
                </label>
                <Input
                  id={`${id}-starts-${i}`}
                  type="time"
                  className="w-32"
                  value={slot.starts}
                  onChange={(e) => setSlot(i, { starts: e.target.value })}
                />
                <span aria-hidden="true">to</span>
                <label className="sr-only" htmlFor={`${id}-ends-${i}`}>
                  {ACTIVITY_WEEKDAYS[i]} ends
                </label>
                <Input
                  id={`${id}-ends-${i}`}
                  type="time"
                  className="w-32"
                  value={slot.ends}
                  onChange={(e) => setSlot(i, { ends: e.target.value })}
                />
              </>
            ) : null}
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Open to</legend>
        {fields.grades ? <p className="text-sm text-red-700">{fields.grades}</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {GRADES.map((grade) => (
            <CheckboxField
              key={grade}
              id={`${id}-grade-${grade}`}
              label={gradeName(grade)}
              checked={grades.includes(grade)}
              onChange={() => toggleGrade(grade)}
            />
          ))}
        </div>
      </fieldset>

      <CheckboxField
        id={`${id}-open`}
        label="Sign-up is open"
        checked={signUpOpen}
        onChange={(e) => setSignUpOpen(e.target.checked)}
      />
      <CheckboxField
        id={`${id}-active`}
        label="The activity is running (families see it)"
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : activity ? 'Save changes' : 'Add activity'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
