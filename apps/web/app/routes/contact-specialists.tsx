import { Link } from 'react-router';
import { Building2, CircleCheck, Database, Headset, Network } from 'lucide-react';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { PageHero } from '~/components/marketing/section-header';
import { Card, CardContent } from '~/components/ui/card';
import { SpecialistContactForm } from '~/features/contact/components/specialist-contact-form';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/contact-specialists';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Talk to a specialist') },
  {
    name: 'description',
    content: 'Need a custom solution? Sekolo specialists help large schools, school groups and districts plan one platform for every school.',
  },
];

const LARGEST_PACKAGE = SCHOOL_PACKAGES.at(-1)!;

const OFFER = [
  { icon: Network, title: 'One platform for many schools', text: 'Every school keeps its own records, with reports across the whole group.' },
  { icon: Database, title: 'Moving your data', text: 'We plan the move from your current systems and import learners, staff and fees with you.' },
  { icon: Headset, title: 'A dedicated account manager', text: 'One person who knows your schools, from the first meeting to go-live and after.' },
  { icon: Building2, title: 'Pricing for your size', text: 'A quote that fits the number of schools and learners you bring.' },
] as const;

/** /contact-specialists: the "Need a custom solution?" page the package step links to (spec 2.9). */
export default function ContactSpecialistsPage() {
  return (
    <>
      <>
        <PageHero
          eyebrow="Contact specialists"
          title="Need a custom solution?"
          lead={`Our packages cover up to ${LARGEST_PACKAGE.students.toLocaleString('en-US')} learners. For larger schools, groups of schools, districts and networks, a specialist will plan Sekolo around how you work.`}
        />
      </>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:py-20">
        <>
          <aside className="space-y-6 lg:col-span-4" aria-labelledby="specialists-offer-title">
            <h2 id="specialists-offer-title" className="text-xl font-semibold text-slate-900">
              What a specialist can do for you
            </h2>
            <ul className="space-y-5">
              {OFFER.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <div>
                    <p className="font-medium text-slate-900">{title}</p>
                    <p className="text-sm leading-6 text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="flex gap-2 text-sm text-slate-600">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                A single school? Compare the <Link to={paths.pricing} className="font-medium text-brand-700 underline">packages</Link> or{' '}
                <Link to={paths.demo} className="font-medium text-brand-700 underline">book a demo</Link>.
              </span>
            </p>
          </aside>
        </>
        <section className="lg:col-span-8" aria-labelledby="specialists-form-title">
          <Card>
            <CardContent className="sm:p-8">
              <h2 id="specialists-form-title" className="text-xl font-semibold text-slate-900">
                Tell us about your schools
              </h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
              <SpecialistContactForm />
            </CardContent>
          </Card>
        </section>
      </div>
    </>
  );
}
