import { Link } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import {
  applicationTypeLabel,
  type TApplicationSubscription,
  type TConsoleApplicationDetail,
} from '@sekolo/shared/schemas/applications';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { uploadedFileUrl } from '~/lib/upload-file';
import { useConsoleApplication } from '../api/console-applications';
import { formatDateTime, formatDay } from '../lib/format-date';
import { fileDescription, formatValue, humanizeKey, isFileValue, type TFieldScope } from '../lib/format-field';
import { ApplicationStatusBadge } from './application-status-badge';
import { ApproveDialog, ReasonDialog } from './decision-dialogs';
import { paths } from '~/config/paths';

type TApplication = TConsoleApplicationDetail['application'];

/** /console/applications/:id: every field grouped by step, the documents, and the decision. */
export function ApplicationDetail({ id }: { id: string }) {
  const query = useConsoleApplication(id);
  if (query.isPending) return <LoadingSpinner label="Loading the application..." />;
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.code === 'NOT_FOUND' || query.error.code === 'VALIDATION_ERROR');
    return (
      <div className="space-y-4">
        <BackLink />
        <Alert variant="destructive">
          <AlertTitle>{missing ? 'Application not found' : 'The application could not be loaded'}</AlertTitle>
          <AlertDescription>
            {missing ? 'It may have been removed, or the link is wrong.' : errorMessage(query.error)}
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const { application } = query.data;
  return (
    <div className="space-y-8">
      <BackLink />
      <Header application={application} />
      <Decision application={application} />
      <Billing application={application} />
      {application.userType === 'young_entrepreneur' && <GuardianConsent application={application} />}
      <Documents application={application} />
      {application.steps.map((step) => (
        <section
          key={step.step}
          aria-labelledby={`step-${step.step}`}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id={`step-${step.step}`} className="text-lg font-semibold text-slate-900">
            Step {step.step}: {step.title}
          </h2>
          {step.data && Object.keys(step.data).length > 0 ? (
            <Fields data={step.data} scope={{ userType: application.userType }} />
          ) : (
            <p className="mt-2 text-sm text-slate-600">No information for this step.</p>
          )}
        </section>
      ))}
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to={paths.console.home}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to the queue
    </Link>
  );
}

function Header({ application }: { application: TApplication }) {
  const a = application;
  return (
    <header className="space-y-3">
      <p className="text-sm font-semibold text-brand-700">{applicationTypeLabel(a.userType)} application</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{a.name || 'Unnamed application'}</h1>
        <ApplicationStatusBadge status={a.status} />
      </div>
      <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Applicant">
          {a.applicant.name} ({a.applicant.email})
        </Item>
        <Item label="Submitted">{a.submittedAt ? formatDateTime(a.submittedAt) : 'Not yet'}</Item>
        <Item label="Last change">{formatDateTime(a.updatedAt)}</Item>
        <Item label="Reference">{a.id}</Item>
      </dl>
    </header>
  );
}

function Decision({ application }: { application: TApplication }) {
  const a = application;
  if (a.status !== 'submitted') {
    return (
      <section aria-labelledby="decision-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="decision-heading" className="text-lg font-semibold text-slate-900">
          Decision
        </h2>
        {a.status === 'draft' ? (
          <p className="mt-2 text-sm text-slate-700">The applicant has not submitted this application yet.</p>
        ) : (
          <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
            {a.decidedBy && <Item label="Decided by">{`${a.decidedBy.name} (${a.decidedBy.email})`}</Item>}
            {a.decidedAt && <Item label="Decided">{formatDateTime(a.decidedAt)}</Item>}
            {a.decisionReason && (
              <Item label="Reason" className="sm:col-span-2">
                {a.decisionReason}
              </Item>
            )}
            {a.organization && <Item label="Organisation">{`${a.organization.name} (${a.organization.type})`}</Item>}
          </dl>
        )}
      </section>
    );
  }
  const consentMissing = a.userType === 'young_entrepreneur' && !a.guardianConsent?.consentedAt;
  const props = { applicationId: a.id, name: a.name, applicantEmail: a.applicant.email };
  return (
    <section
      aria-labelledby="decision-heading"
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-5"
    >
      <h2 id="decision-heading" className="text-lg font-semibold text-slate-900">
        Decision
      </h2>
      <p className="text-sm text-slate-700">
        Check every step and document below, then approve, reject or ask for changes.
      </p>
      {consentMissing && (
        <p className="text-sm font-medium text-amber-900" id="consent-missing">
          Approval waits for the guardian&apos;s consent (POPIA).
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <ApproveDialog {...props} disabled={consentMissing} />
        <ReasonDialog action="request-changes" {...props} />
        <ReasonDialog action="reject" {...props} />
      </div>
    </section>
  );
}

const SUBSCRIPTION_STATUS: Record<TApplicationSubscription['status'], string> = {
  trial: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  cancelled: 'Cancelled',
};

/** What the applicant paid at registration and, for a school, the package subscription it has. */
function Billing({ application }: { application: TApplication }) {
  const { payment, subscription } = application;
  const school = application.userType === 'school_admin';
  const paymentText =
    payment.status === 'paid'
      ? `Paid ${formatZar(payment.amountCents ?? 0)} on ${formatDateTime(payment.at!)}${
          school && payment.amountCents === 0 ? ' (card set up; first charge after the free trial)' : ''
        }`
      : payment.status === 'pending'
        ? `Awaiting payment of ${formatZar(payment.amountCents ?? 0)} (checkout started ${formatDateTime(payment.at!)})`
        : 'No payment';
  return (
    <section aria-labelledby="billing-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="billing-heading" className="text-lg font-semibold text-slate-900">
        Payment and subscription
      </h2>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <Item label="Payment">
          <span data-testid="application-payment">{paymentText}</span>
        </Item>
        {payment.reference && <Item label="Payment reference">{payment.reference}</Item>}
        {school &&
          (subscription ? (
            <>
              <Item label="Package">
                <span data-testid="application-package">
                  {`${subscription.packageName} (${formatZar(subscription.amountCents)} a month)`}
                </span>
              </Item>
              <Item label="Subscription">
                <span data-testid="application-subscription">{SUBSCRIPTION_STATUS[subscription.status]}</span>
              </Item>
              <Item label={subscription.cancelAt ? 'Service ends' : 'Next renewal'}>
                <span data-testid="application-renewal">
                  {subscription.cancelAt
                    ? formatDay(subscription.cancelAt)
                    : subscription.nextBillingDate
                      ? formatDay(subscription.nextBillingDate)
                      : 'None'}
                </span>
              </Item>
            </>
          ) : (
            <Item label="Subscription">
              <span data-testid="application-subscription">
                {application.status === 'approved'
                  ? 'None'
                  : 'None yet: approval starts the free trial of the package chosen in step 2'}
              </span>
            </Item>
          ))}
      </dl>
    </section>
  );
}

function GuardianConsent({ application }: { application: TApplication }) {
  const consent = application.guardianConsent;
  return (
    <section aria-labelledby="consent-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="consent-heading" className="text-lg font-semibold text-slate-900">
        Guardian consent
      </h2>
      {!consent ? (
        <p className="mt-2 text-sm text-slate-600">
          No consent has been requested yet: it is requested when the application is submitted.
        </p>
      ) : (
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
          <Item label="Guardian">{`${consent.guardianName} (${formatValue('relation', consent.relation)})`}</Item>
          <Item label="E-mail">{consent.guardianEmail}</Item>
          <Item label="Requested">{formatDateTime(consent.requestedAt)}</Item>
          <Item label="Consent">
            {consent.consentedAt ? `Given on ${formatDateTime(consent.consentedAt)}` : 'Not given yet'}
          </Item>
        </dl>
      )}
    </section>
  );
}

function Documents({ application }: { application: TApplication }) {
  return (
    <section aria-labelledby="documents-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
        Documents
      </h2>
      {application.documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No documents were uploaded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {application.documents.map((doc) => (
            <li
              key={`${doc.step}-${doc.field}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span className="text-slate-700">
                Step {doc.step}: {doc.field.split('.').map(humanizeKey).join(' / ')}
              </span>
              <a
                href={doc.url}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                <FileText className="size-4" aria-hidden="true" />
                {fileDescription(doc)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Every field of a step; nested groups (banking details, documents, lists) as sub-sections. The
 * scope names the applicant's type and the group a field sits in, so that a product's and a
 * service's `category`, or a charity's and a business's `businessType`, read from the right list.
 */
function Fields({ data, level = 0, scope }: { data: Record<string, unknown>; level?: number; scope: TFieldScope }) {
  const entries = Object.entries(data);
  const simple = entries.filter(([, v]) => !isGroup(v));
  const groups = entries.filter(([, v]) => isGroup(v));
  return (
    <div className="mt-3 space-y-4">
      {simple.length > 0 && (
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          {simple.map(([key, value]) => (
            <Item key={key} label={humanizeKey(key)}>
              {isFileValue(value) ? (
                <a
                  href={uploadedFileUrl(value.id)}
                  target="_blank"
                  rel="noopener"
                  className="text-brand-700 hover:underline"
                >
                  {fileDescription(value)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                formatValue(key, value, data, scope)
              )}
            </Item>
          ))}
        </dl>
      )}
      {groups.map(([key, value]) => {
        const Heading = level === 0 ? 'h3' : 'h4';
        return (
          <div key={key} className="rounded-lg border border-slate-100 bg-slate-50 p-4">
            <Heading className="text-sm font-semibold text-slate-900">{humanizeKey(key)}</Heading>
            {Array.isArray(value) ? (
              value.map((item, i) => (
                <div key={i} className="mt-2">
                  <p className="text-xs font-semibold text-slate-500 uppercase">Entry {i + 1}</p>
                  {isPlainObject(item) ? (
                    <Fields data={item} level={level + 1} scope={{ userType: scope.userType, parent: key }} />
                  ) : (
                    <p className="text-sm">{formatValue(key, item, data, scope)}</p>
                  )}
                </div>
              ))
            ) : (
              <Fields
                data={value as Record<string, unknown>}
                level={level + 1}
                scope={{ userType: scope.userType, parent: key }}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Objects (not files) and lists of objects are shown as groups. */
function isGroup(value: unknown): boolean {
  if (isFileValue(value)) return false;
  if (isPlainObject(value)) return true;
  return Array.isArray(value) && value.some(isPlainObject);
}
