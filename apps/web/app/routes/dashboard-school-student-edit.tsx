import { useEffect, useRef } from 'react';
import { Archive } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { labelOf } from '@sekolo/shared/domain/options';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import {
  HOME_LANGUAGES,
  isWholeLearnerRecord,
  LEARNER_GENDERS,
  type TLearnerRecord,
} from '@sekolo/shared/schemas/school';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { useLearner, useSetLearnerArchived, useUpdateLearner } from '~/features/school/api/school-queries';
import { LearnerForm, learnerToInput } from '~/features/school/components/learner-form';
import { LearnerGuardians } from '~/features/school/components/learner-guardians';
import { LearnerAccount } from '~/features/school/components/learner-account';
import { LearnerConsents } from '~/features/school/components/learner-consents';
import { RestoreLearnerButton } from '~/features/school/components/learner-restore';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { learnerListPath } from '~/features/school/lib/learner-list-return';
import { ATTENDANCE_VIEW_PERMISSIONS, LEARNER_VIEWER_ROLES } from '~/features/school/lib/school-access';
import { LearnerAttendance } from '~/features/attendance/components/learner-history';
import { errorMessage } from '~/lib/server-field-errors';

export function meta() {
  return [{ title: 'Learner | Sekolo' }];
}

/** /dashboard/school/students/:learnerId: the learner's record (every opening is audited). */
export default function DashboardSchoolStudentEdit() {
  return (
    <RequireAuth roles={LEARNER_VIEWER_ROLES}>
      <LearnerRecord />
    </RequireAuth>
  );
}

function LearnerRecord() {
  const { learnerId } = useParams();
  const learner = useLearner(learnerId);
  const { state } = useLocation();
  return (
    <div className="max-w-3xl space-y-6">
      <Link to={learnerListPath(state)} className="text-sm font-semibold text-brand-800 hover:underline">
        ← Students
      </Link>
      {learner.isPending ? (
        <LoadingSpinner />
      ) : learner.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {errorMessage(learner.error)}
        </p>
      ) : (
        <LearnerDetails learner={learner.data} />
      )}
    </div>
  );
}

const ARCHIVE_BUTTON_ID = 'learner-archive';
const RESTORE_BUTTON_ID = 'learner-restore';

function LearnerDetails({ learner }: { learner: TLearnerRecord }) {
  const { permissions } = useSession();
  const canManage = permissions.includes('manage_students');
  // A manager's record is whole (readsWholeLearnerRecord); anyone else's has no ID, and shows none.
  const whole = isWholeLearnerRecord(learner) ? learner : null;
  const seesAttendance = ATTENDANCE_VIEW_PERMISSIONS.some((p) => permissions.includes(p));
  const update = useUpdateLearner(learner.id);
  const archive = useSetLearnerArchived(learner.id);
  const archived = learner.archivedAt !== null;
  // Archiving swaps its button for Restore (and restoring back): focus follows to the new one
  // once the record says so, instead of falling to the page's body with the button it was on.
  const swapFocus = useRef(false);
  useEffect(() => {
    if (!swapFocus.current) return;
    swapFocus.current = false;
    document.getElementById(archived ? RESTORE_BUTTON_ID : ARCHIVE_BUTTON_ID)?.focus();
  }, [archived]);
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {learner.firstName} {learner.lastName}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="font-mono">{learner.admissionNumber}</span>
            <span>{gradeLabel(learner.grade)}</span>
            {learner.registerClassName && <span>Class {learner.registerClassName}</span>}
            {archived && <Badge variant="neutral">Archived</Badge>}
          </p>
        </div>
        {canManage && archived && (
          <RestoreLearnerButton
            id={RESTORE_BUTTON_ID}
            onRestoring={() => (swapFocus.current = true)}
            learnerId={learner.id}
            name={learner.preferredName || learner.firstName}
            className={learner.registerClassName}
          />
        )}
        {canManage && !archived && (
          <Button
            id={ARCHIVE_BUTTON_ID}
            variant="secondary"
            size="sm"
            disabled={archive.isPending}
            onClick={async () => {
              try {
                swapFocus.current = true;
                await archive.mutateAsync(true);
                toast.success('Learner archived');
              } catch (error) {
                swapFocus.current = false;
                toast.error(errorMessage(error));
              }
            }}
          >
            <Archive aria-hidden="true" />
            Archive learner
          </Button>
        )}
      </header>
      <LearnerGuardians learnerId={learner.id} canManage={canManage} />
      <LearnerAccount
        learnerId={learner.id}
        firstName={learner.preferredName || learner.firstName}
        canManage={canManage}
        archived={archived}
      />
      <LearnerConsents
        learnerId={learner.id}
        learnerName={learner.preferredName || learner.firstName}
        canManage={canManage}
      />
      {seesAttendance && <LearnerAttendance learnerId={learner.id} />}
      {canManage && whole ? (
        <LearnerForm
          defaultValues={learnerToInput(whole)}
          classSince={whole.classSince}
          saved={{ dateOfBirth: whole.dateOfBirth, grade: whole.grade }}
          submitLabel="Save changes"
          onSubmit={async (values) => {
            await update.mutateAsync({ values, basedOn: learner.updatedAt });
            toast.success('Learner saved');
          }}
        />
      ) : (
        <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
          {[
            ['Preferred name', learner.preferredName || '—'],
            ['Date of birth', formatDate(learner.dateOfBirth)],
            // The option lists' labels, as the form shows them ("isiZulu", not the stored "isizulu").
            ['Gender', labelOf(LEARNER_GENDERS, learner.gender) ?? learner.gender],
            ['Home language', labelOf(HOME_LANGUAGES, learner.homeLanguage) ?? learner.homeLanguage ?? '—'],
            ['Medical notes', learner.medicalNotes || '—'],
            ['Home address', learner.address || '—'],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
              <dd className="mt-1 text-sm whitespace-pre-line text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
