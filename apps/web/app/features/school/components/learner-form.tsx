import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type ControllerRenderProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { SCHOOL_GRADES } from '@sekolo/shared/constants/enumerations';
import { formatLongDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  HOME_LANGUAGES,
  LEARNER_GENDERS,
  LEARNER_ID_TYPES,
  schoolYearStart,
  learnerEditSchema,
  ZLearnerSchema,
  type TLearner,
  type TLearnerInput,
  type TLearnerSavedAge,
  type TLearnerValues,
} from '@sekolo/shared/schemas/school';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { UnsavedChangesGuard } from '~/components/layout/unsaved-changes-guard';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { mergeSaved, sameFormValue, savedMeanwhileNotice } from '~/lib/merge-saved';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';
import { useFocusFirstInvalid } from '~/lib/use-focus-invalid';
import { useMergedReading } from '~/lib/use-merged-reading';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { registerClassesQuery } from '../api/school-queries';

const FIELDS = [
  'firstName',
  'lastName',
  'preferredName',
  'dateOfBirth',
  'gender',
  'grade',
  'registerClassId',
  'admissionNumber',
  'idType',
  'idNumber',
  'homeLanguage',
  'medicalNotes',
  'address',
] as const;

/**
 * The fields a server's refusal may name: the record's, and "In this class since", which is not
 * part of the record the form merges (it is asked only while the class is being set or changed).
 */
const ERROR_FIELDS = [...FIELDS, 'registerClassSince'] as const;

/** Each field's label, as the form shows it (for the notice of a record saved meanwhile). */
const FIELD_LABELS: Record<(typeof FIELDS)[number], string> = {
  firstName: 'First name',
  lastName: 'Surname',
  preferredName: 'Preferred name',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  grade: 'Grade',
  registerClassId: 'Register class',
  admissionNumber: 'Admission number',
  idType: 'Identity document',
  idNumber: 'ID or passport number',
  homeLanguage: 'Home language',
  medicalNotes: 'Medical notes',
  address: 'Home address',
};

/**
 * A newer reading of the record under the form (after this save, or someone else's), merged with
 * what the form holds (mergeSaved): `values` for the form, and the fields saved differently
 * meanwhile, by label, with whether the user's own value was kept.
 */
export function mergeLearnerInput(before: TLearnerInput, saved: TLearnerInput, current: TLearnerInput) {
  const merged = mergeSaved<(typeof FIELDS)[number], unknown>(FIELDS, before, saved, current, sameFormValue);
  const changed = merged.changed.map((c) => ({ label: FIELD_LABELS[c.key], yoursKept: c.kept }));
  // "In this class since" is the form's own question, not part of the record: it stays as it is.
  return { values: { ...merged.values, registerClassSince: current.registerClassSince } as TLearnerInput, changed };
}

/** mergeLearnerInput with its notice, for useMergedReading. */
function mergeLearnerNotice(before: TLearnerInput, saved: TLearnerInput, current: TLearnerInput) {
  const { values, changed } = mergeLearnerInput(before, saved, current);
  return { values, notice: changed.length ? learnerChangedNotice(changed) : null };
}

export function learnerChangedNotice(changed: { label: string; yoursKept: boolean }[]) {
  return savedMeanwhileNotice('Someone else saved this learner after you opened the record.', changed);
}

export const EMPTY_LEARNER: TLearnerInput = {
  firstName: '',
  lastName: '',
  preferredName: '',
  dateOfBirth: '',
  gender: '' as TLearnerInput['gender'],
  grade: '' as TLearnerInput['grade'],
  registerClassId: '',
  registerClassSince: '',
  admissionNumber: '',
  idType: 'none',
  idNumber: '',
  homeLanguage: '',
  medicalNotes: '',
  address: '',
};

export function learnerToInput(learner: TLearner): TLearnerInput {
  return {
    firstName: learner.firstName,
    lastName: learner.lastName,
    preferredName: learner.preferredName,
    dateOfBirth: learner.dateOfBirth,
    gender: learner.gender,
    grade: learner.grade,
    registerClassId: learner.registerClassId ?? '',
    // Asked only when the class is set or changed (blank: unchanged, or today when it is).
    registerClassSince: '',
    admissionNumber: learner.admissionNumber,
    idType: learner.idType,
    idNumber: learner.idNumber ?? '',
    homeLanguage: (learner.homeLanguage ?? '') as TLearnerInput['homeLanguage'],
    medicalNotes: learner.medicalNotes,
    address: learner.address,
  };
}

/** The form's schema: a new learner's (ZLearnerSchema), or an edit of the record saved as `saved`. */
export function learnerFormSchema(saved?: TLearnerSavedAge) {
  return saved ? learnerEditSchema(saved) : ZLearnerSchema;
}

/**
 * Add or edit a learner; the shared schema checks the form here and the request on the server.
 * `saved` is the record as saved, when editing one: the age-for-grade rule then applies only when
 * the date of birth or the grade changes (learnerEditSchema, as update-learner.ts checks it).
 */
export function LearnerForm({
  defaultValues,
  classSince = null,
  saved,
  submitLabel,
  onSubmit,
}: {
  defaultValues: TLearnerInput;
  /** The day the learner joined their saved class (TLearner's registerClassSince), shown beside it. */
  classSince?: string | null;
  saved?: TLearnerSavedAge;
  submitLabel: string;
  onSubmit: (values: TLearnerValues) => Promise<void>;
}) {
  const id = useId();
  const f = (name: (typeof ERROR_FIELDS)[number]) => `${id}-${name}`;
  const [problem, setProblem] = useState<string | null>(null);
  const savedDateOfBirth = saved?.dateOfBirth;
  const savedGrade = saved?.grade;
  // Made again when the record is read again (after a save): the rule then judges against that.
  const resolver = useMemo(
    () =>
      zodResolver(
        learnerFormSchema(
          savedDateOfBirth !== undefined && savedGrade !== undefined
            ? { dateOfBirth: savedDateOfBirth, grade: savedGrade }
            : undefined,
        ),
      ),
    [savedDateOfBirth, savedGrade],
  );
  const form = useForm<TLearnerInput, unknown, TLearnerValues>({ resolver, defaultValues });
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const classes = useQuery(registerClassesQuery);
  const grade = useWatch({ control: form.control, name: 'grade' });
  const idType = useWatch({ control: form.control, name: 'idType' });
  const classesOfGrade = (classes.data ?? []).filter((c) => c.grade === grade);
  // Joining a class (a new learner's, or another than the saved one): from which day its registers
  // list them, today unless the admin picks an earlier day of the year to capture those registers.
  const registerClassId = useWatch({ control: form.control, name: 'registerClassId' });
  const since = useWatch({ control: form.control, name: 'registerClassSince' });
  const joining = Boolean(registerClassId) && registerClassId !== (defaultValues.registerClassId ?? '');
  // The saved class kept: its day can be corrected ("Change" beside it opens the same field).
  const inSavedClass = Boolean(classSince && registerClassId && registerClassId === defaultValues.registerClassId);
  const [redating, setRedating] = useState(false);
  const focusAfterRender = useFocusAfterRender();
  const asksSince = joining || (redating && inSavedClass);
  useEffect(() => {
    if (!asksSince && since) form.setValue('registerClassSince', '');
  }, [asksSince, since, form]);
  const changeSinceId = `${id}-change-since`;
  const startRedating = () => {
    setRedating(true);
    form.setValue('registerClassSince', classSince ?? '');
    focusAfterRender(() => document.getElementById(f('registerClassSince')));
  };
  const keepSince = () => {
    setRedating(false);
    form.clearErrors('registerClassSince');
    focusAfterRender(() => document.getElementById(changeSinceId));
  };
  const classHint =
    grade && classesOfGrade.length === 0
      ? 'Your school has no class for this grade yet.'
      : inSavedClass && classSince
        ? `In this class since ${formatLongDate(classSince)}: its registers list the learner from that day.`
        : undefined;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    try {
      await form.handleSubmit(
        async (values) => {
          setProblem(null);
          try {
            await onSubmit(asksSince ? values : { ...values, registerClassSince: null });
            setRedating(false); // saved: the record shows the day again, with its Change
          } catch (error) {
            if (!applyServerFieldErrors(error, form.setError, ERROR_FIELDS)) setProblem(errorMessage(error));
            else {
              setProblem('Please check the highlighted fields.');
              focusFirstInvalid();
            }
            throw error; // the submit failed: the form stays dirty, and leaving it asks first
          }
        },
        () => {
          setProblem('Please check the highlighted fields.');
          focusFirstInvalid();
        },
      )(event);
    } catch {
      // Shown above.
    }
  };

  // The record read again (after this save, or after one someone else made meanwhile) is merged
  // into the form instead of replacing it: the user's changes are kept, the others' are named.
  useMergedReading(form, defaultValues, FIELDS, mergeLearnerNotice, setProblem);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-8">
      <UnsavedChangesGuard
        dirty={isDirty && !isSubmitting && !isSubmitSuccessful}
        what="The learner's details you entered are not saved."
      />
      {problem && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>The learner was not saved.</AlertTitle>
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Learner</legend>
        <FormField id={f('firstName')} label="First name" error={errors.firstName?.message}>
          <Bound control={form.control} name="firstName">
            {(field) => <Input autoComplete="off" {...field} />}
          </Bound>
        </FormField>
        <FormField id={f('lastName')} label="Surname" error={errors.lastName?.message}>
          <Bound control={form.control} name="lastName">
            {(field) => <Input autoComplete="off" {...field} />}
          </Bound>
        </FormField>
        <FormField id={f('preferredName')} label="Preferred name" optional error={errors.preferredName?.message}>
          <Bound control={form.control} name="preferredName">
            {(field) => <Input {...field} />}
          </Bound>
        </FormField>
        <FormField id={f('dateOfBirth')} label="Date of birth" error={errors.dateOfBirth?.message}>
          <Bound control={form.control} name="dateOfBirth">
            {(field) => <Input type="date" {...field} />}
          </Bound>
        </FormField>
        <FormField id={f('gender')} label="Gender" error={errors.gender?.message}>
          <Bound control={form.control} name="gender">
            {(field) => (
              <NativeSelect {...field}>
                <option value="">Choose gender</option>
                {LEARNER_GENDERS.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Bound>
        </FormField>
        <FormField id={f('homeLanguage')} label="Home language" optional error={errors.homeLanguage?.message}>
          <Bound control={form.control} name="homeLanguage">
            {(field) => (
              <NativeSelect {...field}>
                <option value="">Choose a language</option>
                {HOME_LANGUAGES.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Bound>
        </FormField>
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Enrolment</legend>
        <FormField id={f('admissionNumber')} label="Admission number" error={errors.admissionNumber?.message}>
          <Bound control={form.control} name="admissionNumber">
            {(field) => <Input autoComplete="off" {...field} />}
          </Bound>
        </FormField>
        <FormField id={f('grade')} label="Grade" error={errors.grade?.message}>
          <Bound control={form.control} name="grade">
            {(field) => (
              <NativeSelect
                {...field}
                onChange={(event) => {
                  field.onChange(event);
                  form.setValue('registerClassId', '');
                }}
              >
                <option value="">Choose a grade</option>
                {SCHOOL_GRADES.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Bound>
        </FormField>
        <FormField
          id={f('registerClassId')}
          label="Register class"
          optional
          hint={classHint}
          error={errors.registerClassId?.message}
        >
          <Bound control={form.control} name="registerClassId">
            {(field) => (
              <NativeSelect
                {...field}
                onChange={(event) => {
                  field.onChange(event);
                  const chosen = event.target.value;
                  const joins = Boolean(chosen) && chosen !== (defaultValues.registerClassId ?? '');
                  // A correction of the saved class's day does not carry over to another class.
                  if (redating) {
                    setRedating(false);
                    form.setValue('registerClassSince', '');
                  }
                  if (joins && (redating || !form.getValues('registerClassSince')))
                    form.setValue('registerClassSince', todayInSouthAfrica());
                }}
                disabled={!grade}
              >
                <option value="">{grade ? 'No class' : 'Choose a grade first'}</option>
                {classesOfGrade.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Bound>
        </FormField>
        {inSavedClass && !redating && (
          <div className="flex items-start sm:items-end">
            <Button id={changeSinceId} type="button" size="sm" variant="secondary" onClick={startRedating}>
              Change “In this class since”
            </Button>
          </div>
        )}
        {asksSince && (
          <div className="space-y-2">
            <FormField
              id={f('registerClassSince')}
              label="In this class since"
              hint={
                joining
                  ? 'The class’s registers list the learner from this day. Choose an earlier day of this school year to capture its earlier registers.'
                  : 'The day the learner joined this class: its registers list them from that day. Correct it to a day of this school year.'
              }
              error={errors.registerClassSince?.message}
            >
              <Bound control={form.control} name="registerClassSince">
                {(field) => <Input type="date" min={schoolYearStart()} max={todayInSouthAfrica()} {...field} />}
              </Bound>
            </FormField>
            {!joining && classSince && (
              <Button type="button" size="sm" variant="ghost" onClick={keepSince}>
                Keep {formatLongDate(classSince)}
              </Button>
            )}
          </div>
        )}
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Identity</legend>
        <FormField id={f('idType')} label="Identity document" error={errors.idType?.message}>
          <Bound control={form.control} name="idType">
            {(field) => (
              <NativeSelect {...field}>
                {LEARNER_ID_TYPES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Bound>
        </FormField>
        {idType !== 'none' && (
          <FormField
            id={f('idNumber')}
            label={idType === 'sa_id' ? 'ID number' : 'Passport number'}
            hint={idType === 'sa_id' ? '13 digits; checked against the date of birth.' : undefined}
            error={errors.idNumber?.message}
          >
            <Bound control={form.control} name="idNumber">
              {(field) => <Input inputMode={idType === 'sa_id' ? 'numeric' : 'text'} autoComplete="off" {...field} />}
            </Bound>
          </FormField>
        )}
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Home and health</legend>
        <FormField id={f('address')} label="Home address" optional error={errors.address?.message}>
          <Bound control={form.control} name="address">
            {(field) => <Textarea rows={3} {...field} />}
          </Bound>
        </FormField>
        <FormField
          id={f('medicalNotes')}
          label="Medical notes"
          optional
          hint="Allergies, conditions and medication staff must know about."
          error={errors.medicalNotes?.message}
        >
          <Bound control={form.control} name="medicalNotes">
            {(field) => <Textarea rows={3} {...field} />}
          </Bound>
        </FormField>
      </fieldset>

      <div className="flex gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type TFieldName = keyof TLearnerInput;

/**
 * A controlled field: value and onChange through react-hook-form's Controller rather than a DOM
 * ref, so every kind of control (text, select, date, checkbox) is bound the same way.
 */
function Bound({
  control,
  name,
  children,
}: {
  control: Control<TLearnerInput, unknown, TLearnerValues>;
  name: TFieldName;
  children: (
    field: Omit<ControllerRenderProps<TLearnerInput, TFieldName>, 'ref' | 'value'> & { value: string },
  ) => React.ReactElement;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref: _ref, value, ...field } }) =>
        children({ ...field, value: value == null ? '' : String(value) })
      }
    />
  );
}
