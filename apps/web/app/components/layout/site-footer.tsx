import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT, SOCIAL_LINKS } from '@sekolo/shared/constants/marketing';
import { FOOTER_COLUMNS } from '~/content/navigation';
import { COPYRIGHT_YEAR } from '~/content/site';
import { Logo } from './logo';
import { SocialIcon } from './social-icons';

const footerLinkClass = 'rounded-sm text-sm text-slate-300 hover:text-white hover:underline underline-offset-4';

/**
 * Footer (spec 2.4): newsletter, link columns (legal, policies, help), contact details and social
 * links.
 */
export function SiteFooter({ newsletter }: { newsletter: React.ReactNode }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="grid gap-10 lg:grid-cols-12">
          <>
            <div className="lg:col-span-3">
              <Logo tone="inverse" />
              <p className="mt-4 max-w-sm text-sm leading-6">
                Sekolo brings schools, families, learners, charities and trusted suppliers together on one platform, built for South
                Africa and our neighbours.
              </p>
              <address className="mt-6 space-y-3 text-sm not-italic">
                <p className="flex gap-3">
                  <MapPin className="mt-0.5 size-4 shrink-0 text-brand-200" aria-hidden="true" />
                  <span>{CONTACT.addressLine}</span>
                </p>
                <p className="flex gap-3">
                  <Phone className="mt-0.5 size-4 shrink-0 text-brand-200" aria-hidden="true" />
                  <a href={CONTACT.phoneHref} className={footerLinkClass}>
                    {CONTACT.phone}
                  </a>
                </p>
                <p className="flex gap-3">
                  <Mail className="mt-0.5 size-4 shrink-0 text-brand-200" aria-hidden="true" />
                  <a href={`mailto:${CONTACT.email}`} className={footerLinkClass}>
                    {CONTACT.email}
                  </a>
                </p>
              </address>
            </div>

            <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-5">
              {FOOTER_COLUMNS.map((column) => (
                <nav key={column.heading} aria-labelledby={`footer-${column.heading.toLowerCase()}`}>
                  <h2 id={`footer-${column.heading.toLowerCase()}`} className="text-sm font-semibold text-white">
                    {column.heading}
                  </h2>
                  <ul className="mt-4 space-y-3">
                    {column.links.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} className={footerLinkClass}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ))}
            </div>
          </>

          <section aria-labelledby="footer-newsletter" className="lg:col-span-4">
            <h2 id="footer-newsletter" className="text-sm font-semibold text-white">
              Stay in the loop
            </h2>
            <p className="mt-4 text-sm leading-6">
              News for school communities, new features and marketplace highlights, about once a month. Unsubscribe with one click.
            </p>
            <div className="mt-4">
              {newsletter}
            </div>
          </section>
        </div>

        <>
          <div className="mt-12 flex flex-col-reverse gap-6 border-t border-slate-800 pt-8 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-400">© {COPYRIGHT_YEAR} Sekolo. All rights reserved. Prices include VAT.</p>
            <ul className="flex flex-wrap gap-2" aria-label="Sekolo on social media">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.id}>
                  <a
                    href={social.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex size-10 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
                  >
                    <SocialIcon network={social.id} />
                    <span className="sr-only">Sekolo on {social.label} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </>
      </div>
    </footer>
  );
}
