import { BarChart3, CalendarDays, CircleCheck, CreditCard, MessageSquare, School, Store } from 'lucide-react';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';
import { PageHero } from '~/components/marketing/section-header';
import { Card, CardContent } from '~/components/ui/card';
import { DemoBookingForm } from '~/features/demo-booking/components/demo-booking-form';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/demo';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Book a Demo') },
  { name: 'description', content: 'Book a free 45-minute online demo of Sekolo for your school, on a weekday that suits you.' },
];

const COVERS = [
  { icon: School, text: 'Running your school: learners, teachers, classes, attendance, timetable, grades and reports' },
  { icon: CreditCard, text: 'Collecting fees online and how payouts reach your school account' },
  { icon: MessageSquare, text: 'Keeping parents informed: messages, events and ticketing' },
  { icon: Store, text: 'Your school store and the marketplace for supplies and services' },
  { icon: BarChart3, text: 'Choosing a package, and what happens during your free trial' },
] as const;

/** /demo: what a demo covers, the booking form, and the confirmation once booked. */
export default function DemoPage() {
  return (
    <>
      <>
        <PageHero
          eyebrow="Book a Demo"
          title="See Sekolo at work in your school"
          lead="A member of our team walks you through Sekolo in a free online session of about 45 minutes, with time for your questions."
        />
      </>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:py-20">
        <>
          <aside className="space-y-6 lg:col-span-4" aria-labelledby="demo-covers-title">
            <h2 id="demo-covers-title" className="text-xl font-semibold text-slate-900">
              What the demo covers
            </h2>
            <ul className="space-y-4">
              {COVERS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-3 text-slate-700">
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
            <div className="space-y-3 rounded-2xl bg-brand-50 p-5 text-sm text-brand-900">
              <p className="flex gap-2">
                <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>Demos run 08:00 to 17:00 SAST Monday to Friday. We confirm your time within one working day.</span>
              </p>
              <p className="flex gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>Ready to start? Every school package begins with a {FREE_TRIAL_DAYS} day free trial.</span>
              </p>
            </div>
          </aside>
        </>
        <section className="lg:col-span-8" aria-labelledby="demo-form-title">
          <Card>
            <CardContent className="sm:p-8">
              <h2 id="demo-form-title" className="text-xl font-semibold text-slate-900">
                Book your demo
              </h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required unless marked optional.</p>
              <DemoBookingForm />
            </CardContent>
          </Card>
        </section>
      </div>
    </>
  );
}
