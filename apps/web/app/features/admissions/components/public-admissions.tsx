import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { PRIVACY_POLICY_CHILDREN_PATH } from '@sekolo/shared/constants/privacy';
import {
  ADMISSION_MESSAGES,
  admissionConsentText,
  type TPublicAdmissionRound,
} from '@sekolo/shared/schemas/admissions';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { createAccount, publicRoundsQuery, useStartApplication } from '../api/admissions-queries';
import { fieldsOf, formatDate, gradeName, problemOf } from '../lib/format';

export type TAdmissionsViewer = { role: string; name: string } | null;

/**
 * A school's public admissions page: its open rounds, and for a family the way in: create a parent
 * account (or sign in), then start an application per child, consenting first (D15).
 */
export function PublicAdmissions({
  slug,
  viewer,
  loading,
}: {
  slug: string;
  viewer: TAdmissionsViewer;
  loading: boolean;
}) {
  const page = useQuery(publicRoundsQuery(slug));
  if (page.isPending) return <LoadingSpinner className="py-16" label="Loading admissions..." />;
  if (page.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold text-slate-900">Admissions</h1>
        <p role="alert" className="mt-4 text-slate-700">
          {problemOf(page.error)}
        </p>
      </div>
    );
  const { school, rounds } = page.data;
  const here = paths.admissions.public(slug);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-brand-700">Admissions</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Apply to {school.name}</h1>
        <p className="text-slate-700">
          Apply online for a place for your child: fill in the application, upload the documents the school asks for,
          and follow its progress here and by e-mail.
        </p>
      </header>
      {rounds.length === 0 ? (
        <Card>
          <CardContent className="py-6 text-slate-700">
            {school.name} is not taking applications at the moment. Please check again later.
          </CardContent>
        </Card>
      ) : (
        rounds.map((round) => <RoundCard key={round.id} round={round} />)
      )}
      {rounds.length > 0 &&
        (loading ? null : viewer === null ? (
          <SignUp slug={slug} here={here} />
        ) : viewer.role !== 'parent' ? (
          <Alert variant="warning">
            <AlertTitle>Parent account needed</AlertTitle>
            <AlertDescription>{ADMISSION_MESSAGES.parentAccountOnly}</AlertDescription>
          </Alert>
        ) : (
          <StartApplication rounds={rounds} schoolName={school.name} guardianName={viewer.name} />
        ))}
    </div>
  );
}

function RoundCard({ round }: { round: TPublicAdmissionRound }) {
  return (
    <Card data-testid="admission-round">
      <CardHeader>
        <CardTitle>{round.name}</CardTitle>
        <CardDescription>
          Applications open from {formatDate(round.opensOn)} until {formatDate(round.closesOn)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Places</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {round.grades.map((g) => (
              <li key={g.grade}>
                {gradeName(g.grade)}: {g.places} places
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Documents to upload</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {round.documents.map((d) => (
              <li key={d.id}>
                {d.label}
                {!d.required && ' (optional)'}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

function SignUp({ slug, here }: { slug: string; here: string }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    setErrors({});
    try {
      await createAccount({ ...values, schoolSlug: slug });
      setSentTo(values.email);
    } catch (error) {
      setErrors(fieldsOf(error));
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <Alert variant="success" role="status">
        <AlertTitle>Check your e-mail</AlertTitle>
        <AlertDescription>
          We sent a link to {sentTo}. Open it to verify your address: it brings you back to this page, where you{' '}
          <Link className="font-semibold underline" to={paths.auth.loginFor(here)}>
            sign in
          </Link>{' '}
          and start your application.
        </AlertDescription>
      </Alert>
    );
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Create a parent account</CardTitle>
          <CardDescription>You use it to apply, upload documents and follow your application.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" onSubmit={submit} noValidate>
            <FormField id="guardian-first-name" label="First name" error={errors.firstName}>
              <Input autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
            </FormField>
            <FormField id="guardian-last-name" label="Last name" error={errors.lastName}>
              <Input autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
            </FormField>
            <FormField id="guardian-email" label="E-mail address" error={errors.email}>
              <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
            </FormField>
            <FormField id="guardian-password" label="Password" hint="At least 8 characters." error={errors.password}>
              <Input type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
            </FormField>
            {problem && (
              <p role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating your account...' : 'Create account'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Already have a parent account?</CardTitle>
          <CardDescription>Sign in to start or continue an application.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="secondary">
            <Link to={paths.auth.loginFor(here)}>Sign in to apply</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function StartApplication({
  rounds,
  schoolName,
  guardianName,
}: {
  rounds: TPublicAdmissionRound[];
  schoolName: string;
  guardianName: string;
}) {
  const navigate = useNavigate();
  const start = useStartApplication();
  const [roundId, setRoundId] = useState(rounds[0]!.id);
  const round = rounds.find((r) => r.id === roundId) ?? rounds[0]!;
  const [grade, setGrade] = useState<string>(round.grades[0]?.grade ?? '');
  const [relation, setRelation] = useState('parent');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!consent) {
      setErrors({ consent: ADMISSION_MESSAGES.consentRequired });
      return;
    }
    try {
      const application = await start.mutateAsync({
        roundId: round.id,
        grade: grade as TSchoolGrade,
        relation: relation as 'parent',
        consent: true,
      });
      navigate(paths.admissions.myApplication(application.id));
    } catch (error) {
      setErrors({ ...fieldsOf(error), form: problemOf(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Start an application</CardTitle>
        <CardDescription>
          One application per child. You can save it as a draft and come back to it from your parent dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          {rounds.length > 1 && (
            <FormField id="apply-round" label="Admission round">
              <NativeSelect value={roundId} onChange={(e) => setRoundId(e.target.value)}>
                {rounds.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <FormField id="apply-grade" label="Grade applied for" error={errors.grade}>
            <NativeSelect value={grade} onChange={(e) => setGrade(e.target.value)}>
              {round.grades.map((g) => (
                <option key={g.grade} value={g.grade}>
                  {gradeName(g.grade)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="apply-relation" label="Your relation to the child" error={errors.relation}>
            <NativeSelect value={relation} onChange={(e) => setRelation(e.target.value)}>
              {GUARDIAN_RELATIONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <CheckboxField
            id="apply-consent"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            error={errors.consent}
            label={
              <>
                {admissionConsentText(guardianName, schoolName)}{' '}
                <Link className="underline" to={PRIVACY_POLICY_CHILDREN_PATH}>
                  Privacy policy
                </Link>
              </>
            }
          />
          {errors.form && !errors.consent && (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          )}
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Starting...' : 'Start application'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
