import { useEffect, useState } from 'react';
import { BadgeCheck, CircleCheck, Mail, SearchCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';
import { Button } from '~/components/ui/button';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/application-submitted';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Application submitted') },
  { name: 'description', content: 'Your application has been submitted. Our team will review it and email you when it is approved.' },
  { name: 'robots', content: 'noindex' },
];

/** What the wizard passes along in navigation state (spec 4: "with userType and email"). */
interface ISubmittedState {
  userType?: unknown;
  email?: unknown;
}

function readState(state: unknown): { userType: string | null; email: string | null } {
  const value = (state ?? {}) as ISubmittedState;
  return {
    userType: typeof value.userType === 'string' ? value.userType : null,
    email: typeof value.email === 'string' && value.email.includes('@') ? value.email : null,
  };
}

/** Confirmation after an application (spec 2.10). */
export default function ApplicationSubmittedPage() {
  const location = useLocation();
  // Navigation state exists only in the browser; reading it after mount keeps the prerendered
  // HTML and the first client render identical.
  const [details, setDetails] = useState<{ userType: string | null; email: string | null }>({ userType: null, email: null });
  useEffect(() => {
    setDetails(readState(location.state));
  }, [location.state]);

  const steps = [
    {
      icon: Mail,
      title: 'Check your inbox',
      text: details.email ? (
        <>
          We have sent a confirmation email to <strong className="font-semibold break-all text-slate-900">{details.email}</strong>. If it has
          not arrived in a few minutes, check your spam or promotions folder.
        </>
      ) : (
        'We have sent you a confirmation email. If it has not arrived in a few minutes, check your spam or promotions folder.'
      ),
    },
    {
      icon: SearchCheck,
      title: 'Our team reviews your application',
      text: 'We check your details and documents. If anything is missing or unclear, we will email you to ask for it, and you can sign in to update your application.',
    },
    {
      icon: BadgeCheck,
      title: 'You hear from us when you are approved',
      text:
        details.userType === 'school_admin'
          ? `We will email you as soon as your school is approved, and you can sign in to your dashboard. Your ${FREE_TRIAL_DAYS}-day free trial starts on the day of approval.`
          : 'We will email you as soon as your application is approved, and you can sign in to your dashboard.',
    },
  ];

  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <CircleCheck className="size-9" aria-hidden="true" />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Application submitted</h1>
          <p className="mt-4 text-lg text-slate-600">Thank you for applying to join Sekolo. Here is what happens next.</p>
        </div>
        <ol className="mt-12 space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h2 className="font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h2>
                <p className="mt-1 text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-col items-center gap-4">
          <Button asChild size="lg">
            <Link to={paths.home}>Return to Home</Link>
          </Button>
          <p className="text-sm text-slate-600">
            Questions about your application?{' '}
            <Link to={paths.contact} className="font-medium text-brand-700 underline">
              Contact us
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
