import { ArrowRight, CircleCheck, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { MARKETING_STATS } from '@sekolo/shared/constants/marketing';
import { TERMS } from '@sekolo/shared/constants/fees';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';
import { CtaBand } from '~/components/marketing/cta-band';
import { FeatureIcon } from '~/components/marketing/feature-icon';
import { SectionHeader } from '~/components/marketing/section-header';
import { Button } from '~/components/ui/button';
import { PLATFORM_SECTIONS, SCHOOL_MANAGEMENT_SECTIONS } from '~/content/features';
import { HERO, HOW_IT_WORKS, TESTIMONIALS } from '~/content/home';
import type { Route } from './+types/home';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: 'Sekolo | School management, fee collection and a marketplace for schools' },
  {
    name: 'description',
    content: `Sekolo brings school management, online fee collection, attendance, parent communication and a marketplace of trusted suppliers together for South African schools. Try it free for ${FREE_TRIAL_DAYS} days.`,
  },
];

/** The three parts of school management that spec 1 names: fee collection, attendance, parent communication. */
const SCHOOL_MANAGEMENT_HIGHLIGHTS = SCHOOL_MANAGEMENT_SECTIONS.filter((section) =>
  (['finance', 'attendance', 'reporting'] as const).some((id) => id === section.id),
);

export default function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <SchoolManagement />
      <PlatformFeatures />
      <FreeTrial />
      <HowItWorks />
      <Testimonials />
      <CtaBand
        title="Ready to bring your school community together?"
        text={`Register in a few minutes and try every feature free for ${FREE_TRIAL_DAYS} days, or book a demo and we will show you around.`}
      />
    </>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{HERO.eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl">{HERO.headline}</h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">{HERO.subtext}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.auth.register}>
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.demo}>Book a Demo</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {[`${FREE_TRIAL_DAYS}-day free trial for schools`, 'All features in every package', 'Prices include VAT'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck className="size-4 text-brand-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroPanel />
      </div>
    </section>
  );
}

/** A light, image-free picture of the platform: the areas a school works in. Decorative. */
function HeroPanel() {
  const tiles = [...SCHOOL_MANAGEMENT_SECTIONS, ...PLATFORM_SECTIONS.slice(0, 5)];
  return (
    <div aria-hidden="true" className="hidden sm:block">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5">
        <div className="flex items-center gap-2 border-b border-slate-100 pb-4">
          <span className="size-3 rounded-full bg-red-300" />
          <span className="size-3 rounded-full bg-amber-300" />
          <span className="size-3 rounded-full bg-emerald-300" />
          <span className="ml-3 text-sm font-medium text-slate-600">Your school on Sekolo</span>
        </div>
        <div className="mt-5 grid grid-cols-3 gap-3">
          {tiles.map((section) => (
            <div key={section.id} className="flex flex-col items-start gap-3 rounded-2xl border border-slate-100 bg-slate-50 p-4">
              <FeatureIcon id={section.id} className="size-10" />
              <span className="text-sm leading-tight font-semibold text-slate-800">{section.title}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Stats() {
  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-white">
      <h2 id="stats-title" className="sr-only">
        Sekolo in numbers
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        {MARKETING_STATS.map((stat) => (
          <div key={stat.id} className="flex flex-col-reverse items-center text-center">
            <dt className="mt-1 text-sm font-medium text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-brand-800 sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SchoolManagement() {
  return (
    <section aria-labelledby="school-management-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="school-management-title"
          eyebrow="School programme management"
          title="The everyday work of a school, simplified"
          lead="Collect fees online, take attendance in a minute and keep parents in the loop, all from the same learner records your teachers already use."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {SCHOOL_MANAGEMENT_HIGHLIGHTS.map((section) => (
            <article key={section.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FeatureIcon id={section.id} />
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{section.title}</h3>
              <p className="mt-2 text-slate-600">{section.summary}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {section.points.slice(0, 3).map((point) => (
                  <li key={point} className="flex gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <p className="mt-10 text-center">
          <Link to={`${paths.features}#student-management`} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            Explore school management
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  );
}

function PlatformFeatures() {
  const cards = [
    ...PLATFORM_SECTIONS.map((section) => ({
      id: section.id,
      title: section.title,
      summary: section.summary,
      // The directory itself is live: its card opens it.
      to: section.id === 'directory' ? paths.directory : `${paths.features}#${section.id}`,
    })),
    {
      id: 'marketplace' as const,
      title: 'Marketplace',
      summary: 'School supplies, educational resources, technology and services from checked business partners.',
      to: paths.marketplace,
    },
  ];
  return (
    <section aria-labelledby="platform-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="platform-title"
          eyebrow="More than school admin"
          title="One platform for the whole school community"
          lead="Schools, parents, learners, business partners and charities each get the tools they need, and they all meet in one trusted place."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            // The marketplace closes the grid as a full-width card, so the last row is never a lone card.
            <li key={card.id} className={card.id === 'marketplace' ? 'sm:col-span-2 lg:col-span-3' : undefined}>
              <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
                <FeatureIcon id={card.id} />
                <h3 className="mt-5 text-lg font-semibold text-slate-900">
                  <Link to={card.to} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
                    {card.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-slate-600">{card.summary}</p>
                <span aria-hidden="true" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  Learn more
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FreeTrial() {
  return (
    <section aria-labelledby="trial-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-3xl bg-brand-50 px-6 py-10 ring-1 ring-brand-100 sm:px-12 lg:flex lg:items-center lg:justify-between lg:gap-10">
          <div className="max-w-2xl">
            <h2 id="trial-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Try Sekolo free for {FREE_TRIAL_DAYS} days
            </h2>
            <p className="mt-3 text-slate-700">
              Every school package starts with a {FREE_TRIAL_DAYS}-day free trial with all features. Your first payment is only due{' '}
              {FREE_TRIAL_DAYS} days after your school is approved. After that you pay monthly, and you can cancel with{' '}
              {TERMS.cancellationNoticeWeeks} weeks’ notice before your next payment.
            </p>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:mt-0 lg:shrink-0">
            <Button asChild size="lg">
              <Link to={paths.auth.register}>Get Started</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.pricing}>See pricing</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader id="how-title" eyebrow="How it works" title="From sign-up to up and running" />
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          id="testimonials-title"
          eyebrow="Stories"
          title="What a school community can look like on Sekolo"
          lead="Illustrative examples: the people and schools below are composites, not real customers."
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Quote className="size-8 text-brand-200" aria-hidden="true" />
              <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-slate-100 pt-4">
                <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                <span className="block text-sm text-slate-600">
                  {testimonial.role}, {testimonial.organisation}
                </span>
                <span className="block text-sm text-slate-600">{testimonial.place}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
