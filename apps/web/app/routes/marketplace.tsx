import { BadgeCheck, Laptop, LockKeyhole, Package, Star, Wrench, GraduationCap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PROCESSING_FEE_BPS, SLA } from '@sekolo/shared/constants/fees';
import { CtaBand } from '~/components/marketing/cta-band';
import { PageHero, SectionHeader } from '~/components/marketing/section-header';
import { Button } from '~/components/ui/button';
import { formatPercentFromBps } from '~/content/format';
import { MARKETPLACE_SECTIONS, type IMarketplaceSection, type TMarketplaceSectionId } from '~/content/marketplace';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/marketplace';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Marketplace') },
  {
    name: 'description',
    content:
      'School supplies, educational resources, technology and services from business partners checked by the Sekolo team. Buy securely, or register to sell to schools and families.',
  },
];

const SECTION_ICONS: Record<TMarketplaceSectionId, LucideIcon> = {
  supplies: Package,
  resources: GraduationCap,
  technology: Laptop,
  services: Wrench,
};

/**
 * Where the partners' products are on sale, for everyone: beside the basket. It was
 * "Sign in to browse", to /login, where a signed-in user found only "You're already logged in".
 */
const PRODUCTS_PATH = paths.basket;

export default function MarketplacePage() {
  return (
    <>
      <PageHero
        eyebrow="Marketplace"
        title="Everything your school buys, from people you can trust"
        lead="The Sekolo marketplace connects schools and families with checked suppliers, tutors and service providers. Compare offers, pay securely and rate what you receive."
      >
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={PRODUCTS_PATH}>Browse products</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.auth.register}>Become a Business Partner</Link>
          </Button>
        </div>
        <nav aria-label="Marketplace sections" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {MARKETPLACE_SECTIONS.map((section) => (
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

      <div className="mx-auto max-w-7xl space-y-8 px-4 py-16 sm:px-6 sm:py-24">
        {MARKETPLACE_SECTIONS.map((section) => (
          <MarketplaceSection key={section.id} section={section} />
        ))}
      </div>

      <HowItWorks />

      <CtaBand
        title="Sell to schools across South Africa"
        text="Register as a Business Partner: tutors and course providers, service providers, product vendors and consultants all start in the same place."
        secondary={{ label: 'See partner fees', to: `${paths.pricing}#business-partners` }}
      />
    </>
  );
}

function MarketplaceSection({ section }: { section: IMarketplaceSection }) {
  const Icon = SECTION_ICONS[section.id];
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid lg:grid-cols-5 lg:gap-12"
    >
      <div className="lg:col-span-2">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {section.title}
        </h2>
        <p className="mt-2 text-lg font-medium text-brand-800">{section.summary}</p>
        <p className="mt-4 leading-7 text-slate-600">{section.description}</p>
        <p className="mt-4 text-sm text-slate-600">
          <span className="font-semibold text-slate-800">Who sells here: </span>
          {section.sellers}
        </p>
      </div>
      <div className="mt-8 lg:col-span-3 lg:mt-0">
        <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{section.categoriesHeading}</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          {section.categories.map((category) => (
            <li key={category.id} className="rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-800">
              {category.label}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={PRODUCTS_PATH}>
              Browse products<span className="sr-only"> in {section.title}</span>
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.auth.register}>
              Sell {section.id === 'services' ? 'your services' : 'here'}
              <span className="sr-only"> in {section.title}</span>
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const points: { icon: LucideIcon; title: string; text: string }[] = [
    {
      icon: BadgeCheck,
      title: 'Checked partners',
      text: 'Every business partner sends registration documents and proof of banking, and our team reviews them before the listing goes live.',
    },
    {
      icon: LockKeyhole,
      title: 'Secure payment',
      text: `Pay online through Sekolo. A ${formatPercentFromBps(PROCESSING_FEE_BPS)} processing fee is shown before you pay, and the seller is paid out only through a verified bank account.`,
    },
    {
      icon: Star,
      title: 'Ratings that count',
      text: `Buyers rate what they receive. Partners commit to answering enquiries within ${SLA.inquiryResponseHours} hours and to keeping a rating of at least ${SLA.minimumRating} out of ${SLA.ratingScale}.`,
    },
  ];
  return (
    <section aria-labelledby="marketplace-how-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader id="marketplace-how-title" eyebrow="Buying with confidence" title="How the marketplace works" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {points.map((point) => (
            <li key={point.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <point.icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-2 text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-slate-700">
          Questions about buying or selling?{' '}
          <Link to={`${paths.legal.knowledgeBase}#marketplace`} className="font-semibold text-brand-700 underline">
            Read the knowledge base
          </Link>
        </p>
      </div>
    </section>
  );
}
