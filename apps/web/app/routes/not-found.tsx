import { ArrowRight, BookOpen, House, Mail, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/not-found';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Page not found') },
  { name: 'description', content: 'We could not find the page you were looking for.' },
  { name: 'robots', content: 'noindex' },
];

const SUGGESTIONS = [
  { to: paths.home, label: 'Home', text: 'Start again from the home page.', icon: House },
  { to: paths.pricing, label: 'Pricing', text: 'School packages and partner fees.', icon: Tag },
  { to: paths.legal.knowledgeBase, label: 'Knowledge Base', text: 'Answers to common questions.', icon: BookOpen },
  { to: paths.contact, label: 'Contact', text: 'Ask our team, we are happy to help.', icon: Mail },
] as const;

/** Every unknown path lands here (spec 2.1). */
export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-600">
        Sorry, we could not find that page. It may have moved, or the link may have a typing mistake. These pages might help:
      </p>
      <ul className="mt-10 grid gap-4 text-left sm:grid-cols-2">
        {SUGGESTIONS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-700"
            >
              <item.icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="flex items-center gap-1 font-semibold text-slate-900">
                  {item.label}
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
                <span className="mt-1 block text-sm text-slate-600">{item.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-10">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
