import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { CONTACT } from '@sekolo/shared/constants/marketing';
import { guardianConsentText } from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { applicationsContracts } from '@sekolo/shared/contracts/applications';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'Africa/Johannesburg',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * /guardian-consent?token=...: the guardian a young entrepreneur named reads what they consent to
 * and confirms with a button. A click, not the page load, records it, so a mail scanner that
 * opens links cannot consent on anyone's behalf.
 */
export function GuardianConsentPanel({ token }: { token: string | null }) {
  const consent = useQuery({
    queryKey: ['guardian-consent', token],
    queryFn: () => call(applicationsContracts.guardianConsent, { params: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => call(applicationsContracts.confirmGuardianConsent, { body: { token: token ?? '' } }),
  });

  if (!token) {
    return (
      <Outcome icon={<XCircle className="size-10 text-red-600" aria-hidden="true" />} title="This link is incomplete">
        <p>Please open the link from the e-mail again, or copy the whole address into your browser.</p>
      </Outcome>
    );
  }
  if (consent.isPending) return <LoadingSpinner label="Loading the consent request..." />;
  if (consent.isError) {
    return (
      <Outcome
        icon={<XCircle className="size-10 text-red-600" aria-hidden="true" />}
        title="We could not find this consent request"
      >
        <p>{errorMessage(consent.error)}</p>
        <p className="mt-2 text-sm text-slate-500">Questions? Write to {CONTACT.email}.</p>
      </Outcome>
    );
  }
  const view = confirm.data ?? consent.data;
  if (view.status === 'given') {
    return (
      <Outcome
        icon={<CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />}
        title="Thank you: your consent is recorded"
      >
        <p>
          You gave consent for {view.childName}
          {view.shopName ? `'s shop "${view.shopName}"` : ''} on{' '}
          {view.consentedAt ? dateFormat.format(new Date(view.consentedAt)) : 'Sekolo'}. Our team can now review the
          application.
        </p>
      </Outcome>
    );
  }
  if (view.status === 'expired') {
    return (
      <Outcome
        icon={<XCircle className="size-10 text-red-600" aria-hidden="true" />}
        title="This consent link has expired"
      >
        <p>
          Please ask {view.childName} to contact us at {CONTACT.email} for a new link.
        </p>
      </Outcome>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center text-center">
        <ShieldCheck className="size-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Guardian consent</h1>
        <p className="mt-3 max-w-lg text-slate-600">
          {view.childName} has applied to open {view.shopName ? `the shop "${view.shopName}"` : 'a shop'} on Sekolo and
          named you, {view.guardianName}, as their parent or guardian.
        </p>
      </div>
      <blockquote className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-800">
        {guardianConsentText(view.guardianName, view.childName)}
      </blockquote>
      {confirm.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(confirm.error)}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {confirm.isPending ? 'Recording...' : 'I give my consent'}
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.home}>Not now</Link>
        </Button>
      </div>
      <p className="text-center text-sm text-slate-500">
        If you do not know about this application, close this page: nothing is approved without your consent.
      </p>
    </div>
  );
}

function Outcome({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 max-w-lg text-slate-600">{children}</div>
      <div className="mt-8">
        <Button asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
