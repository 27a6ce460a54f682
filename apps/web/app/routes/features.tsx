import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';
import { CtaBand } from '~/components/marketing/cta-band';
import { FeatureIcon } from '~/components/marketing/feature-icon';
import { PageHero, SectionHeader } from '~/components/marketing/section-header';
import { FEATURE_DESCRIPTIONS } from '~/content/feature-descriptions';
import { PLATFORM_SECTIONS, SCHOOL_MANAGEMENT_SECTIONS, type IFeatureSection } from '~/content/features';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/features';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Features') },
  {
    name: 'description',
    content:
      'Learner management, attendance, fees, reports, directory listings, a school store, events and ticketing, fundraising, subscriptions, online applications, extramural bookings, facility rentals and online classes.',
  },
];

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything your school community needs"
        lead="Sekolo covers the daily running of a school and everything around it: payments, events, bookings, fundraising and a marketplace of checked suppliers. Every school package includes every feature."
      >
        <nav aria-label="On this page" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {[...SCHOOL_MANAGEMENT_SECTIONS, ...PLATFORM_SECTIONS].map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-700 hover:text-brand-800"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <section aria-labelledby="school-management-title" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeader
            id="school-management-title"
            eyebrow="School management"
            title="Run the school day without the paperwork"
            lead="Learners, staff, attendance, fees and reports share one set of records, so information is captured once and used everywhere."
          />
          <div className="mt-14 space-y-8">
            {SCHOOL_MANAGEMENT_SECTIONS.map((section) => (
              <FeatureSection key={section.id} section={section} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="platform-title" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeader
            id="platform-title"
            eyebrow="Beyond the classroom"
            title="Earn, raise funds and connect with your community"
            lead="Tools for the shop, the sports fields, the fundraising committee and the families who support your school."
          />
          <div className="mt-14 space-y-8">
            {PLATFORM_SECTIONS.map((section) => (
              <FeatureSection key={section.id} section={section} />
            ))}
          </div>
          <p className="mt-12 text-center text-slate-700">
            Looking for suppliers, tutors or services?{' '}
            <Link to={paths.marketplace} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              Visit the marketplace
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </p>
        </div>
      </section>

      <CtaBand
        title="See it working for your school"
        text={`Start your ${FREE_TRIAL_DAYS}-day free trial today, or book a demo with our team.`}
      />
    </>
  );
}

function FeatureSection({ section }: { section: IFeatureSection }) {
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid lg:grid-cols-5 lg:gap-12"
    >
      <div className="lg:col-span-3">
        <FeatureIcon id={section.id} />
        <h3 id={titleId} className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
          {section.title}
        </h3>
        <p className="mt-2 text-lg font-medium text-brand-800">{section.summary}</p>
        <p className="mt-4 leading-7 text-slate-600">{FEATURE_DESCRIPTIONS[section.id]}</p>
        <p className="mt-4 text-sm text-slate-600">
          <span className="font-semibold text-slate-800">For: </span>
          {section.audience}
        </p>
      </div>
      <div className="mt-8 lg:col-span-2 lg:mt-0">
        <h4 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">What you get</h4>
        <ul className="mt-4 space-y-3">
          {section.points.map((point) => (
            <li key={point} className="flex gap-3 text-slate-700">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
