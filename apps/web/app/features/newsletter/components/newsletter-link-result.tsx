import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, MailX, XCircle } from 'lucide-react';
import { CONTACT } from '@sekolo/shared/constants/marketing';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useNewsletterLink, type TNewsletterLinkAction } from '../api/newsletter-links';
import { paths } from '~/config/paths';

const COPY = {
  confirm: {
    working: 'Confirming your subscription...',
    doneTitle: 'Your subscription is confirmed',
    done: (email: string) => `Thank you. We will send the Sekolo newsletter to ${email}, about once a month. Every issue has an unsubscribe link.`,
    failedTitle: 'We could not confirm your subscription',
    failedNextStep: 'To get a new link, enter your e-mail address in the newsletter box at the bottom of this page.',
  },
  unsubscribe: {
    working: 'Unsubscribing...',
    doneTitle: 'You have been unsubscribed',
    done: (email: string) => `We will not send the Sekolo newsletter to ${email} any more. Changed your mind? Subscribe again with the box at the bottom of this page.`,
    failedTitle: 'We could not unsubscribe you',
    failedNextStep: `Still receiving mail you did not ask for? Write to ${CONTACT.email} and we will remove you.`,
  },
} as const;

/**
 * What a confirm or unsubscribe link from a newsletter mail opens: it sends the token once, on
 * mount (never during render, so the page stays prerender-safe), and shows the outcome with next steps.
 */
export function NewsletterLinkResult({ action, token }: { action: TNewsletterLinkAction; token: string | null }) {
  const link = useNewsletterLink(action);
  const { mutate } = link;
  const sentFor = useRef<string | null>(null);
  const copy = COPY[action];

  useEffect(() => {
    // Once per token, also under StrictMode's double effects in development.
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <Outcome icon={<XCircle className="size-10 text-red-600" aria-hidden="true" />} title={copy.failedTitle}>
        <p>This link is incomplete. Please open the link from the e-mail again, or copy the whole address into your browser.</p>
      </Outcome>
    );
  }
  if (link.isSuccess) {
    return (
      <Outcome
        icon={
          action === 'confirm' ? (
            <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
          ) : (
            <MailX className="size-10 text-slate-600" aria-hidden="true" />
          )
        }
        title={copy.doneTitle}
      >
        <p>{copy.done(link.data.email)}</p>
        {link.data.message.includes('already') && <p className="mt-2 text-sm text-slate-500">{link.data.message}</p>}
      </Outcome>
    );
  }
  if (link.isError) {
    return (
      <Outcome icon={<XCircle className="size-10 text-red-600" aria-hidden="true" />} title={copy.failedTitle}>
        <p>{errorMessage(link.error)}</p>
        <p className="mt-2 text-sm text-slate-500">{copy.failedNextStep}</p>
      </Outcome>
    );
  }
  return <LoadingSpinner label={copy.working} />;
}

function Outcome({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 max-w-lg text-slate-600">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.features}>Explore the features</Link>
        </Button>
      </div>
    </div>
  );
}
