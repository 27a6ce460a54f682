import { useState } from 'react';
import { SCHOOL_GRADES } from '@sekolo/shared/constants/enumerations';
import {
  ADMISSION_QUESTION_KINDS,
  STANDARD_ADMISSION_DOCUMENTS,
  type TAdmissionRound,
  type TAdmissionRoundInput,
} from '@sekolo/shared/schemas/admissions';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { useRoundMutations } from '../api/admissions-queries';
import { fieldsOf, problemOf } from '../lib/format';

type TQuestion = { id: string; label: string; kind: 'text' | 'yes_no' | 'choice'; options: string; required: boolean };
type TCustomDocument = { id: string; label: string; required: boolean };

const slugOf = (text: string, taken: string[]) => {
  const base =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 30) || 'item';
  let id = base;
  for (let i = 2; taken.includes(id); i++) id = `${base}_${i}`;
  return id;
};

/** A round's settings: dates, grades with places, the documents it asks for and its own questions. */
export function RoundForm({ round, onDone }: { round?: TAdmissionRound; onDone: () => void }) {
  const { create, update } = useRoundMutations();
  const today = todayInSouthAfrica();
  const nextYear = Number(today.slice(0, 4)) + 1;
  const [name, setName] = useState(round?.name ?? `Admissions for ${nextYear}`);
  const [year, setYear] = useState(String(round?.year ?? nextYear));
  const [opensOn, setOpensOn] = useState(round?.opensOn ?? today);
  const [closesOn, setClosesOn] = useState(round?.closesOn ?? addDays(today, 60));
  const [grades, setGrades] = useState(
    round?.grades.map((g) => ({ grade: g.grade as string, places: String(g.places) })) ?? [
      { grade: '8', places: '120' },
    ],
  );
  const standardIds = STANDARD_ADMISSION_DOCUMENTS.map((d) => d.id as string);
  const [ticked, setTicked] = useState<Record<string, boolean>>(
    Object.fromEntries(
      STANDARD_ADMISSION_DOCUMENTS.map((d) => [
        d.id,
        round ? round.documents.some((x) => x.id === d.id) : d.id !== 'immunisation_card',
      ]),
    ),
  );
  const [custom, setCustom] = useState<TCustomDocument[]>(
    round?.documents.filter((d) => !standardIds.includes(d.id)) ?? [],
  );
  const [questions, setQuestions] = useState<TQuestion[]>(
    round?.questions.map((q) => ({ ...q, options: q.options.join(', ') })) ?? [],
  );
  const [offerDays, setOfferDays] = useState(String(round?.offerDays ?? 14));
  const [retentionDays, setRetentionDays] = useState(String(round?.retentionDays ?? 180));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem('');
    const body: TAdmissionRoundInput = {
      name,
      year: Number(year),
      opensOn,
      closesOn,
      grades: grades.map((g) => ({ grade: g.grade as 'R', places: Number(g.places) })),
      documents: [
        ...STANDARD_ADMISSION_DOCUMENTS.filter((d) => ticked[d.id]).map((d) => ({
          id: d.id,
          label: d.label,
          required: true,
        })),
        ...custom,
      ],
      questions: questions.map((q) => ({
        id: q.id,
        label: q.label,
        kind: q.kind,
        required: q.required,
        options:
          q.kind === 'choice'
            ? q.options
                .split(',')
                .map((o) => o.trim())
                .filter(Boolean)
            : [],
      })),
      offerDays: Number(offerDays),
      retentionDays: Number(retentionDays),
    };
    try {
      if (round) await update(round.id, body);
      else await create(body);
      onDone();
    } catch (error) {
      setErrors(fieldsOf(error));
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{round ? `Edit ${round.name}` : 'New admission round'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-5" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="round-name" label="Name" error={errors.name}>
              <Input value={name} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <FormField id="round-year" label="School year" error={errors.year}>
              <Input inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />
            </FormField>
            <FormField id="round-opens" label="Opens on" error={errors.opensOn}>
              <Input type="date" value={opensOn} onChange={(e) => setOpensOn(e.target.value)} />
            </FormField>
            <FormField id="round-closes" label="Closes on" error={errors.closesOn}>
              <Input type="date" value={closesOn} onChange={(e) => setClosesOn(e.target.value)} />
            </FormField>
            <FormField id="round-offer-days" label="Days to accept an offer" error={errors.offerDays}>
              <Input inputMode="numeric" value={offerDays} onChange={(e) => setOfferDays(e.target.value)} />
            </FormField>
            <FormField
              id="round-retention"
              label="Keep applications not enrolled for (days)"
              hint="After the round closes, then they are deleted with their documents."
              error={errors.retentionDays}
            >
              <Input inputMode="numeric" value={retentionDays} onChange={(e) => setRetentionDays(e.target.value)} />
            </FormField>
          </div>

          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Grades and places</legend>
            {grades.map((g, i) => (
              <div key={i} className="flex flex-wrap items-end gap-3">
                <FormField id={`round-grade-${i}`} label="Grade" error={errors[`grades.${i}.grade`]}>
                  <NativeSelect
                    value={g.grade}
                    onChange={(e) =>
                      setGrades((list) => list.map((x, j) => (j === i ? { ...x, grade: e.target.value } : x)))
                    }
                  >
                    {SCHOOL_GRADES.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField id={`round-places-${i}`} label="Places" error={errors[`grades.${i}.places`]}>
                  <Input
                    inputMode="numeric"
                    className="w-28"
                    value={g.places}
                    onChange={(e) =>
                      setGrades((list) => list.map((x, j) => (j === i ? { ...x, places: e.target.value } : x)))
                    }
                  />
                </FormField>
                {grades.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => setGrades((list) => list.filter((_, j) => j !== i))}
                  >
                    Remove grade
                  </Button>
                )}
              </div>
            ))}
            {errors.grades && <p className="text-sm text-red-700">{errors.grades}</p>}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setGrades((list) => [...list, { grade: '9', places: '30' }])}
            >
              Add a grade
            </Button>
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Documents families upload</legend>
            {STANDARD_ADMISSION_DOCUMENTS.map((d) => (
              <CheckboxField
                key={d.id}
                id={`round-doc-${d.id}`}
                label={d.label}
                checked={Boolean(ticked[d.id])}
                onChange={(e) => setTicked((t) => ({ ...t, [d.id]: e.target.checked }))}
              />
            ))}
            {custom.map((d, i) => (
              <div key={d.id} className="flex flex-wrap items-end gap-3">
                <FormField id={`round-custom-doc-${i}`} label="Other document">
                  <Input
                    value={d.label}
                    onChange={(e) =>
                      setCustom((list) => list.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))
                    }
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setCustom((list) => list.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                setCustom((list) => [
                  ...list,
                  {
                    id: slugOf(`custom ${list.length + 1}`, [...standardIds, ...list.map((x) => x.id)]),
                    label: '',
                    required: true,
                  },
                ])
              }
            >
              Add another document
            </Button>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">The school's own questions</legend>
            {questions.map((q, i) => (
              <div key={q.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
                <FormField id={`round-question-${i}`} label="Question" error={errors[`questions.${i}.label`]}>
                  <Input
                    value={q.label}
                    onChange={(e) =>
                      setQuestions((list) => list.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))
                    }
                  />
                </FormField>
                <FormField id={`round-question-kind-${i}`} label="Answer">
                  <NativeSelect
                    value={q.kind}
                    onChange={(e) =>
                      setQuestions((list) =>
                        list.map((x, j) => (j === i ? { ...x, kind: e.target.value as TQuestion['kind'] } : x)),
                      )
                    }
                  >
                    {ADMISSION_QUESTION_KINDS.map((k) => (
                      <option key={k.id} value={k.id}>
                        {k.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                {q.kind === 'choice' && (
                  <FormField
                    id={`round-question-options-${i}`}
                    label="Options, separated by commas"
                    error={errors[`questions.${i}.options`]}
                  >
                    <Input
                      value={q.options}
                      onChange={(e) =>
                        setQuestions((list) => list.map((x, j) => (j === i ? { ...x, options: e.target.value } : x)))
                      }
                    />
                  </FormField>
                )}
                <CheckboxField
                  id={`round-question-required-${i}`}
                  label="An answer is required"
                  checked={q.required}
                  onChange={(e) =>
                    setQuestions((list) => list.map((x, j) => (j === i ? { ...x, required: e.target.checked } : x)))
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setQuestions((list) => list.filter((_, j) => j !== i))}
                >
                  Remove question
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                setQuestions((list) => [
                  ...list,
                  {
                    id: slugOf(
                      `question ${list.length + 1}`,
                      list.map((x) => x.id),
                    ),
                    label: '',
                    kind: 'text',
                    options: '',
                    required: true,
                  },
                ])
              }
            >
              Add a question
            </Button>
          </fieldset>

          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex gap-3">
            <Button type="submit" disabled={busy}>
              {round ? 'Save round' : 'Open round'}
            </Button>
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
