import { ArrowRight, CircleCheck, Headset, MessageSquare, Users } from 'lucide-react';
import { Link } from 'react-router';
import {
  COMMISSION_TIERS,
  IMMEDIATE_PAYOUT_FEE_CENTS,
  MULTI_ROLE_RECURRING_SHARE_BPS,
  PARTNER_RECURRING_FEES,
  PARTNER_REGISTRATION_FEES_CENTS,
  PLATFORM_COMMISSION_BPS,
  PROCESSING_FEE_BPS,
  TERMS,
  TIER_ADDON_PARTNER_TYPES,
  TUTOR_COMMISSION_BPS,
  WEEKLY_PAYOUT_FEE_CENTS,
} from '@sekolo/shared/constants/fees';
import { FREE_TRIAL_DAYS, SCHOOL_PACKAGE_FEATURES, SCHOOL_PACKAGES, type TSchoolPackage } from '@sekolo/shared/constants/packages';
import { BUSINESS_PARTNER_TYPES } from '@sekolo/shared/constants/roles';
import { formatZarWhole, percentOf } from '@sekolo/shared/domain/money';
import { CtaBand } from '~/components/marketing/cta-band';
import { PageHero, SectionHeader } from '~/components/marketing/section-header';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { formatCount, formatPercentFromBps } from '~/content/format';
import { pageTitle } from '~/content/site';
import { cn } from '~/lib/cn';
import type { Route } from './+types/pricing';
import { paths } from '~/config/paths';

const CHEAPEST = SCHOOL_PACKAGES[0];

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Pricing') },
  {
    name: 'description',
    content: `Nine school packages from ${formatZarWhole(CHEAPEST.priceCents)} per month, all features included, with a ${FREE_TRIAL_DAYS}-day free trial. Clear fees for business partners; charities and young entrepreneurs join free.`,
  },
];

/** The worked example of spec 9: a R1 000 payment. */
const EXAMPLE_AMOUNT_CENTS = 100_000;
const exampleCommission = percentOf(EXAMPLE_AMOUNT_CENTS, PLATFORM_COMMISSION_BPS);
const exampleProcessingFee = percentOf(EXAMPLE_AMOUNT_CENTS, PROCESSING_FEE_BPS);

const INTERVAL_LABEL = { month: 'per month', year: 'per year' } as const;

/** 'product vendors and service providers' */
const tierPartnerLabels = TIER_ADDON_PARTNER_TYPES.map(
  (id) => `${(BUSINESS_PARTNER_TYPES.find((type) => type.id === id)?.label ?? id).toLowerCase()}s`,
).join(' and ');

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        lead={`Pick the package that fits the number of learners at your school. Every package includes every feature, prices include VAT, and your first ${FREE_TRIAL_DAYS} days are free.`}
      />
      <SchoolPackages />
      <PaymentFees />
      <BusinessPartnerFees />
      <FreeForCharities />
      <CtaBand
        title={`Start your ${FREE_TRIAL_DAYS}-day free trial`}
        text="Register your school in a few minutes. You only pay once the trial is over, and you can change package as your school grows."
        secondary={{ label: 'Talk to a specialist', to: paths.contactSpecialists }}
      />
    </>
  );
}

function SchoolPackages() {
  return (
    <section id="schools" aria-labelledby="schools-title" className="scroll-mt-32 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="schools-title"
          eyebrow="For schools"
          title="Choose your package"
          lead={`Nine monthly packages, priced by the number of learners. Start with a ${FREE_TRIAL_DAYS}-day free trial: your first payment falls due ${FREE_TRIAL_DAYS} days after your school is approved.`}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SCHOOL_PACKAGES.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} />
            </li>
          ))}
        </ul>

        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="included-title" className="rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8 lg:col-span-2">
            <h3 id="included-title" className="text-xl font-bold text-slate-900">
              Every package includes
            </h3>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {SCHOOL_PACKAGE_FEATURES.map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm text-slate-600">
              Messages to parents go out through your school’s own messaging account, so Sekolo sets no limit on how many you send.
            </p>
          </section>
          <section aria-labelledby="custom-title" className="flex flex-col rounded-3xl bg-brand-900 p-6 text-white sm:p-8">
            <h3 id="custom-title" className="text-xl font-bold">
              Need a custom solution?
            </h3>
            <p className="mt-3 flex-1 text-brand-100">
              Running a group of schools, a district project or more than {formatCount(SCHOOL_PACKAGES.at(-1)?.students ?? 0)} learners? Our
              specialists will put together a plan that fits.
            </p>
            <Button asChild variant="inverse" className="mt-6 self-start">
              <Link to={paths.contactSpecialists}>
                Contact our specialists
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </section>
        </div>
      </div>
    </section>
  );
}

function PackageCard({ pkg }: { pkg: TSchoolPackage }) {
  const titleId = `package-${pkg.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-package={pkg.id}
      className={cn(
        'relative flex h-full flex-col rounded-3xl border bg-white p-6 shadow-sm',
        pkg.recommended ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {pkg.name}
        </h3>
        {pkg.recommended && <Badge variant="solid">Recommended</Badge>}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatZarWhole(pkg.priceCents)}</span>
        <span className="text-sm font-medium text-slate-600">/month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        <li className="flex gap-3">
          <Users className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Up to <span className="font-semibold whitespace-nowrap text-slate-900">{formatCount(pkg.students)}</span> learners
          </span>
        </li>
        <li className="flex gap-3">
          <Headset className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {pkg.supportLevel}
        </li>
        {pkg.includeSMS && (
          <li className="flex gap-3">
            <MessageSquare className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            SMS included
          </li>
        )}
        <li className="flex gap-3">
          <CircleCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          All features included
        </li>
      </ul>
      <Button asChild variant={pkg.recommended ? 'primary' : 'secondary'} className="mt-6 w-full">
        <Link to={paths.auth.register}>
          Start free trial<span className="sr-only"> with the {pkg.name} package</span>
        </Link>
      </Button>
    </article>
  );
}

function FeeRow({ label, value, strong }: { label: React.ReactNode; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-3', strong && 'font-semibold text-slate-900')}>
      <dt>{label}</dt>
      <dd className="tabular-nums whitespace-nowrap">{value}</dd>
    </div>
  );
}

function PaymentFees() {
  const commission = formatPercentFromBps(PLATFORM_COMMISSION_BPS);
  const processing = formatPercentFromBps(PROCESSING_FEE_BPS);
  return (
    <section id="payment-fees" aria-labelledby="payment-fees-title" className="scroll-mt-32 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="payment-fees-title"
          eyebrow="Payments"
          title="Fees on payments, in plain numbers"
          lead={`When a parent or customer pays online through Sekolo, the school pays a ${commission} platform commission and the payer pays a ${processing} processing fee on top. Payouts to your bank account carry a small fixed fee. Nothing else is hidden.`}
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="example-title" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 id="example-title" className="text-xl font-bold text-slate-900">
              Example: a {formatZarWhole(EXAMPLE_AMOUNT_CENTS)} school fee
            </h3>
            <dl className="mt-4 divide-y divide-slate-200 text-slate-700">
              <FeeRow label="School fee" value={formatZarWhole(EXAMPLE_AMOUNT_CENTS)} />
              <FeeRow label={`Processing fee (${processing}), paid by the parent`} value={formatZarWhole(exampleProcessingFee)} />
              <FeeRow label="The parent pays" value={formatZarWhole(EXAMPLE_AMOUNT_CENTS + exampleProcessingFee)} strong />
              <FeeRow label={`Platform commission (${commission}), from the school’s side`} value={formatZarWhole(exampleCommission)} />
              <FeeRow label="The school receives" value={formatZarWhole(EXAMPLE_AMOUNT_CENTS - exampleCommission)} strong />
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              On {formatZarWhole(EXAMPLE_AMOUNT_CENTS)} the school gets {formatZarWhole(EXAMPLE_AMOUNT_CENTS - exampleCommission)}, the platform{' '}
              {formatZarWhole(exampleCommission)}, and the parent pays {formatZarWhole(EXAMPLE_AMOUNT_CENTS + exampleProcessingFee)}.
            </p>
          </section>
          <section aria-labelledby="payouts-title" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 id="payouts-title" className="text-xl font-bold text-slate-900">
              Payouts to your bank account
            </h3>
            <dl className="mt-4 divide-y divide-slate-200 text-slate-700">
              <FeeRow label="Standard payout, every week" value={formatZarWhole(WEEKLY_PAYOUT_FEE_CENTS)} />
              <FeeRow label="Immediate payout, on request" value={formatZarWhole(IMMEDIATE_PAYOUT_FEE_CENTS)} />
            </dl>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Money you receive is paid out to your verified bank account in a weekly run, for a fee of {formatZarWhole(WEEKLY_PAYOUT_FEE_CENTS)} per
              payout. Need it sooner? Request a manual, immediate payout for {formatZarWhole(IMMEDIATE_PAYOUT_FEE_CENTS)}. Every payment, fee and
              payout appears on your statement. The {processing} transaction fee applies to all transactions, as set out in our{' '}
              <Link to={paths.legal.terms} className="font-medium text-brand-700 underline">
                terms
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
    </section>
  );
}

function BusinessPartnerFees() {
  return (
    <section id="business-partners" aria-labelledby="business-partners-title" className="scroll-mt-32 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="business-partners-title"
          eyebrow="For business partners"
          title="Sell to schools and families"
          lead="Tutors and course providers, service providers, product vendors and consultants register as Business Partners. You pay a once-off registration fee and a small recurring fee for your type, and a commission on what you sell."
        />

        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="partner-fees-title" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 id="partner-fees-title" className="text-xl font-bold text-slate-900">
              Registration and recurring fees
            </h3>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Business partner fees per type</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      Partner type
                    </th>
                    <th scope="col" className="py-3 pr-4 font-semibold">
                      Registration (once-off)
                    </th>
                    <th scope="col" className="py-3 font-semibold">
                      Recurring fee
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 text-slate-700">
                  {BUSINESS_PARTNER_TYPES.map((type) => {
                    const recurring = type.id in PARTNER_RECURRING_FEES ? PARTNER_RECURRING_FEES[type.id as keyof typeof PARTNER_RECURRING_FEES] : null;
                    return (
                      <tr key={type.id}>
                        <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                          {type.label}
                        </th>
                        <td className="py-3 pr-4 tabular-nums">{formatZarWhole(PARTNER_REGISTRATION_FEES_CENTS[type.id])}</td>
                        <td className="py-3 tabular-nums">
                          {recurring ? `${formatZarWhole(recurring.amountCents)} ${INTERVAL_LABEL[recurring.interval]}` : 'None; optional tier add-on'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Offer more than one kind of service? Choose several types and you pay {formatPercentFromBps(MULTI_ROLE_RECURRING_SHARE_BPS)} of the
              combined recurring fees, rounded to the nearest cent.
            </p>
          </section>

          <section aria-labelledby="tiers-title" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 id="tiers-title" className="text-xl font-bold text-slate-900">
              Commission tiers
            </h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              {capitalise(tierPartnerLabels)} choose a tier. A monthly tier add-on lowers the commission on every sale.
            </p>
            <ul className="mt-4 grid grid-cols-2 gap-3">
              {COMMISSION_TIERS.map((tier) => (
                <li key={tier.id} className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
                  <p className="text-sm font-semibold text-slate-900">{tier.label}</p>
                  <p className="mt-1 text-2xl font-bold text-brand-800">{formatPercentFromBps(tier.commissionBps)}</p>
                  <p className="text-sm text-slate-600">commission</p>
                  <p className="mt-2 text-sm font-medium text-slate-700">
                    {tier.monthlyFeeCents === 0 ? `${formatZarWhole(0)} per month` : `+${formatZarWhole(tier.monthlyFeeCents)} per month`}
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Tutors pay {formatPercentFromBps(TUTOR_COMMISSION_BPS)} commission on lessons booked through Sekolo. Buyers pay the{' '}
              {formatPercentFromBps(TERMS.transactionFeeBps)} processing fee on every purchase; payouts work as they do for schools.
            </p>
          </section>
        </div>
        <p className="mt-10 text-center">
          <Button asChild size="lg">
            <Link to={paths.auth.register}>Register as a Business Partner</Link>
          </Button>
        </p>
      </div>
    </section>
  );
}

function FreeForCharities() {
  return (
    <section id="free" aria-labelledby="free-title" className="scroll-mt-32 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="free-title"
          eyebrow="Free to join"
          title="Charities and young entrepreneurs pay no fees to join"
          lead="Registered charities and learners who run their own small businesses pay no registration fee and no subscription. Your application goes straight to our team for review."
        />
        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          <article className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Charities</h3>
            <p className="mt-2 text-slate-600">
              NPOs, PBOs, trusts, foundations and community-based organisations can list their causes, run fundraising campaigns and
              connect with schools and sponsors.
            </p>
            <p className="mt-4 text-2xl font-bold text-brand-800">{formatZarWhole(0)}</p>
            <p className="text-sm text-slate-600">registration and subscription</p>
          </article>
          <article className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">Young entrepreneurs</h3>
            <p className="mt-2 text-slate-600">
              Learners in Grade 1 to 12 can open a shop for crafts, food, digital products or services, with the written consent of a
              parent or guardian.
            </p>
            <p className="mt-4 text-2xl font-bold text-brand-800">{formatZarWhole(0)}</p>
            <p className="text-sm text-slate-600">registration and subscription</p>
          </article>
        </div>
      </div>
    </section>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
