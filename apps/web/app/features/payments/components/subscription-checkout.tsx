import { useEffect, useState } from 'react';
import { ArrowLeft, CalendarClock, CreditCard, Lock, XCircle } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FREE_TRIAL_DAYS, SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { COMMISSION_TIERS, PARTNER_REGISTRATION_FEES_CENTS } from '@sekolo/shared/constants/fees';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { partnerRecurringFees, partnerRegistrationFee } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { addDays, formatLongDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { CHECKOUT_USER_TYPES, type TCheckoutUserType, type TSubscriptionCheckout } from '@sekolo/shared/schemas/payments';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useStartSubscriptionCheckout } from '../api/subscription-checkout';
import { followCheckoutRedirect } from '../lib/follow-redirect';
import {
  awaitingPaymentStep,
  chosenCommissionTier,
  chosenPackageId,
  chosenPartnerTypes,
  registrationFrom,
  writeRegistrationData,
  type TRegistrationHandoff,
} from '../lib/registration-handoff';
import { paths } from '~/config/paths';


function labelOf(type: TBusinessPartnerType): string {
  return BUSINESS_PARTNER_TYPES.find((t) => t.id === type)?.label ?? type;
}

/**
 * /subscription-checkout (spec 2.2, 4): the order summary of the application's payment
 * step, from the wizard state; Pay sends the buyer to the configured provider. The amounts shown
 * come from the shared calculator; the server prices the order itself again.
 */
export function SubscriptionCheckout({ sessionRole, sessionLoading }: { sessionRole: string | null; sessionLoading: boolean }) {
  const location = useLocation();
  // Navigation state and local storage exist only in the browser: read them after mount.
  const [registration, setRegistration] = useState<TRegistrationHandoff | null | undefined>(undefined);
  useEffect(() => {
    const found = registrationFrom(location.state);
    if (found) writeRegistrationData(found);
    setRegistration(found);
  }, [location.state]);

  if (registration === undefined || sessionLoading) return <LoadingSpinner label="Loading your order..." />;
  const userType = (registration?.userType ?? sessionRole ?? '') as string;
  if (!registration || !(CHECKOUT_USER_TYPES as readonly string[]).includes(userType)) {
    return (
      <Shell>
        <Alert variant="warning" role="alert">
          <XCircle aria-hidden="true" />
          <AlertTitle>We could not find your application.</AlertTitle>
          <AlertDescription>
            <p>Open your application and continue from its payment step.</p>
            <Link to={paths.registration.steps} className="mt-2 inline-block font-medium underline">
              Back to application
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  return <CheckoutSummary registration={{ ...registration, userType }} userType={userType as TCheckoutUserType} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Your application</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
        </div>
        {children}
      </div>
    </div>
  );
}

function Row({ label, value, strong, testId }: { label: React.ReactNode; value: React.ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'border-t border-slate-200 font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CheckoutSummary({ registration, userType }: { registration: TRegistrationHandoff; userType: TCheckoutUserType }) {
  const navigate = useNavigate();
  const start = useStartSubscriptionCheckout();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const packageId = chosenPackageId(registration);
  const pkg = SCHOOL_PACKAGES.find((p) => p.id === packageId);
  const partnerTypes = chosenPartnerTypes(registration);
  const tier = chosenCommissionTier(registration);
  const free = userType === 'charity' || userType === 'young_entrepreneur';

  const request: TSubscriptionCheckout = { userType };
  if (userType === 'school_admin' && packageId) request.packageId = packageId;
  if (userType === 'business_partner') {
    request.partnerTypes = partnerTypes;
    if (tier) request.commissionTier = tier;
  }

  const backToApplication = () => navigate(paths.registration.steps, { state: registration });

  const pay = async () => {
    setProblem(null);
    try {
      const answer = await start.mutateAsync(request);
      if (answer.skipped) {
        // R0: nothing to pay; the wizard submits its payment step straight away.
        const next: TRegistrationHandoff = {
          ...registration,
          fromSubscriptionCheckout: true,
          paymentData: { skipped: true, amountCents: 0 },
          transactionRef: undefined,
          currentStep: awaitingPaymentStep(userType) ?? registration.currentStep,
        };
        writeRegistrationData(next);
        void navigate(paths.registration.steps, { replace: true, state: next });
        return;
      }
      setLeaving(true);
      followCheckoutRedirect(answer.redirect);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (leaving) {
    return (
      <Shell>
        <LoadingSpinner label="Taking you to the secure payment page..." />
      </Shell>
    );
  }

  return (
    <Shell>
      {problem && (
        <Alert variant="destructive" role="alert" data-testid="checkout-error">
          <XCircle aria-hidden="true" />
          <AlertTitle>{problem}</AlertTitle>
          <AlertDescription>
            <button type="button" className="font-medium underline" onClick={() => void backToApplication()}>
              Back to application
            </button>
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
          <CardDescription>
            {registration.basicInfo?.email ? `For ${registration.basicInfo.email}. ` : ''}Prices include VAT.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {userType === 'school_admin' ? (
            pkg ? (
              <SchoolSummary packageName={pkg.name} priceCents={pkg.priceCents} students={pkg.students} />
            ) : (
              <Alert variant="warning" role="alert">
                <AlertTitle>Please select a package before continuing.</AlertTitle>
                <AlertDescription>
                  <button type="button" className="font-medium underline" onClick={() => void backToApplication()}>
                    Back to application
                  </button>
                </AlertDescription>
              </Alert>
            )
          ) : userType === 'business_partner' ? (
            partnerTypes.length > 0 ? (
              <PartnerSummary types={partnerTypes} tier={tier} />
            ) : (
              <Alert variant="warning" role="alert">
                <AlertTitle>No business partner types selected. Please go back to select your role(s).</AlertTitle>
                <AlertDescription>
                  <button type="button" className="font-medium underline" onClick={() => void backToApplication()}>
                    Back to application
                  </button>
                </AlertDescription>
              </Alert>
            )
          ) : (
            <dl>
              <Row label="Registration" value={formatZar(0)} />
              <Row label="Due today" value={formatZar(0)} strong testId="checkout-due-today" />
            </dl>
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => void backToApplication()}>
          <ArrowLeft aria-hidden="true" />
          Back to application
        </Button>
        <Button
          size="lg"
          data-testid="checkout-pay"
          disabled={start.isPending || (userType === 'school_admin' && !pkg) || (userType === 'business_partner' && partnerTypes.length === 0)}
          onClick={() => void pay()}
        >
          {free ? null : <Lock aria-hidden="true" />}
          {start.isPending ? 'Please wait...' : free ? 'Submit application' : 'Proceed to payment'}
        </Button>
      </div>
      {!free && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CreditCard className="size-4" aria-hidden="true" />
          You pay on our payment provider's secure page. Cancelling there brings you back here with your application saved.
        </p>
      )}
    </Shell>
  );
}

function SchoolSummary({ packageName, priceCents, students }: { packageName: string; priceCents: number; students: number }) {
  const firstBilling = addDays(todayInSouthAfrica(), FREE_TRIAL_DAYS);
  return (
    <div className="space-y-4">
      <dl>
        <Row label={`${packageName} package (up to ${students} students)`} value={`${formatZar(priceCents)} / month`} testId="checkout-monthly-price" />
        <Row label={`${FREE_TRIAL_DAYS}-day free trial`} value={formatZar(0)} />
        <Row label="Due today" value={formatZar(0)} strong testId="checkout-due-today" />
      </dl>
      <Alert variant="info">
        <CalendarClock aria-hidden="true" />
        <AlertTitle>
          First billing date: <span data-testid="checkout-first-billing">{formatLongDate(firstBilling)}</span>
        </AlertTitle>
        <AlertDescription>
          <p>
            Your card is set up today and nothing is charged. After the {FREE_TRIAL_DAYS}-day free trial you pay {formatZar(priceCents)} every month
            until you cancel. If your application is approved later than today, the trial starts on approval and the first billing date moves with it.
          </p>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function PartnerSummary({ types, tier }: { types: TBusinessPartnerType[]; tier: (typeof COMMISSION_TIERS)[number]['id'] | undefined }) {
  const recurring = partnerRecurringFees(types, tier);
  const registrationFee = partnerRegistrationFee(types);
  const tierLabel = COMMISSION_TIERS.find((t) => t.id === (tier ?? 'free'))?.label ?? 'Free';
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Registration fee (once-off)</h3>
        <dl>
          {types.map((type) => (
            <Row key={type} label={labelOf(type)} value={formatZar(PARTNER_REGISTRATION_FEES_CENTS[type])} />
          ))}
          <Row label="Due today" value={formatZar(registrationFee)} strong testId="checkout-due-today" />
        </dl>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Recurring fees (billed later)</h3>
        <dl>
          {recurring.lines.map((line) => (
            <Row
              key={line.source}
              label={line.source === 'tier' ? `${tierLabel} tier add-on` : labelOf(line.source)}
              value={`${formatZar(line.amountCents)} / ${line.interval}`}
            />
          ))}
          {recurring.lines.length === 0 && <Row label={`${tierLabel} tier`} value="No recurring fee" />}
          {recurring.multiRoleHalved && recurring.lines.length > 0 && (
            <p className="py-1 text-sm text-slate-600">With more than one partner type, each recurring total is halved.</p>
          )}
          {recurring.monthlyCents > 0 && <Row label="Monthly" value={`${formatZar(recurring.monthlyCents)} / month`} strong testId="checkout-recurring-monthly" />}
          {recurring.yearlyCents > 0 && <Row label="Yearly" value={`${formatZar(recurring.yearlyCents)} / year`} strong testId="checkout-recurring-yearly" />}
        </dl>
      </div>
    </div>
  );
}
