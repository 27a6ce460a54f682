import { Link } from 'react-router';
import { CalendarCheck, Clock, Mail, MapPin, Phone, Building2 } from 'lucide-react';
import { CONTACT } from '@sekolo/shared/constants/marketing';
import { PageHero } from '~/components/marketing/section-header';
import { Card, CardContent } from '~/components/ui/card';
import { ContactForm } from '~/features/contact/components/contact-form';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/contact';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Contact us') },
  { name: 'description', content: `Write to Sekolo at ${CONTACT.email} or call ${CONTACT.phone}, 08:00 to 17:00 SAST Monday to Friday.` },
];

const OFFICE_HOURS = '08:00 to 17:00 SAST Monday to Friday';

/** /contact: contact details and the general contact form. */
export default function ContactPage() {
  return (
    <>
      <>
        <PageHero
          eyebrow="Contact"
          title="Get in touch"
          lead="Questions about Sekolo, your account or a payment? Send us a message and a real person from our team will answer within 48 hours."
        />
      </>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:py-20">
        <>
          <aside className="space-y-6 lg:col-span-4" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title" className="text-xl font-semibold text-slate-900">
              Contact details
            </h2>
            <ul className="space-y-5 text-slate-700">
              <li className="flex gap-3">
                <Mail className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Email</p>
                  <a className="text-brand-700 underline-offset-4 hover:underline" href={`mailto:${CONTACT.email}`}>
                    {CONTACT.email}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Phone</p>
                  <a className="text-brand-700 underline-offset-4 hover:underline" href={CONTACT.phoneHref}>
                    {CONTACT.phone}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Clock className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Office hours</p>
                  <p>{OFFICE_HOURS}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <MapPin className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Office</p>
                  <address className="not-italic">{CONTACT.addressLine}</address>
                </div>
              </li>
            </ul>
            <Card>
              <CardContent className="space-y-4">
                <Link to={paths.demo} className="flex gap-3 rounded-lg text-slate-700 hover:text-brand-800">
                  <CalendarCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="block font-medium text-slate-900">Book a Demo</span>
                    See Sekolo in a 45-minute online session with our team.
                  </span>
                </Link>
                <Link to={paths.contactSpecialists} className="flex gap-3 rounded-lg text-slate-700 hover:text-brand-800">
                  <Building2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="block font-medium text-slate-900">Need a custom solution?</span>
                    For large schools and groups of schools: talk to a specialist.
                  </span>
                </Link>
              </CardContent>
            </Card>
          </aside>
        </>
        <section className="lg:col-span-8" aria-labelledby="contact-form-title">
          <Card>
            <CardContent className="sm:p-8">
              <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
                Send us a message
              </h2>
              <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required unless marked optional.</p>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
      </div>
    </>
  );
}
