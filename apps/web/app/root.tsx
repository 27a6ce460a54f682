import { useEffect, useState, type ComponentType } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from 'react-router';
import type { Route } from './+types/root';
import { QueryClientSlot } from '~/lib/query-client-slot';
import { useMediaQuery } from '~/lib/use-media-query';
import { whenIdle } from '~/lib/hydration';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import './app.css';
import { paths } from '~/config/paths';

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

/** The layouts of the signed-in areas (routes.ts): their pages load the toaster once idle. */
const SIGNED_IN_LAYOUTS = new Set(['routes/dashboard-layout', 'routes/account-layout']);

/**
 * Renders a component from a separate chunk (a dynamic import) that starts loading on the
 * visitor's first pointer or key press, or, when `idle` is true, already once the browser is idle
 * after the page has hydrated. Keeps the toaster (sonner) and the session sync out of what a page
 * needs at first paint; neither shows anything in the prerendered HTML.
 */
function useDeferredComponent<P>(
  load: () => Promise<ComponentType<P>>,
  { idle, timeout }: { idle: boolean; timeout: number },
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const loaded = component !== null;
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void load().then((next) => {
        if (!cancelled) setComponent(() => next);
      });
    };
    const cancelIdle = idle ? whenIdle(start, timeout) : () => {};
    for (const type of FIRST_INTERACTION) document.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      cancelled = true;
      cancelIdle();
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, start, { capture: true });
    };
  }, [load, idle, timeout, loaded]);
  return component;
}

/**
 * Empty in every render: the build fills the prerendered element with the page's CSS
 * (react-router.config.ts), and hydration leaves an element's inner HTML as the document has it.
 */
const INLINE_CSS_SLOT = { __html: '' };

/** sonner's own phone breakpoint (its toasts go full width at 600 px and below). */
const PHONE_TOASTS_QUERY = '(max-width: 600px)';
const loadToaster = () => import('sonner').then((module) => module.Toaster);
const loadSessionSync = () => import('~/features/auth/components/session-sync').then((module) => module.SessionSync);

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/*
          The build puts the stylesheets' CSS in here and disables their <link>s (react-router.config.ts,
          decisions 006 and 009), so a page paints without waiting for a CSS request. Hydration keeps the content.
        */}
        <style data-inline-css="" dangerouslySetInnerHTML={INLINE_CSS_SLOT} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // The session sync restores the last path on arrival at / (spec 2.5): soon after hydrating.
  const SessionSync = useDeferredComponent(loadSessionSync, { idle: true, timeout: 300 });
  // The signed-in areas (dashboards, account pages) raise toasts as they load data: the toaster
  // comes once idle. Elsewhere a toast only answers an action, so the first pointer or key press
  // loads it (sonner shows a toast raised before its toaster has mounted).
  const signedInArea = useMatches().some((match) => SIGNED_IN_LAYOUTS.has(match.id));
  const Toaster = useDeferredComponent(loadToaster, { idle: signedInArea, timeout: 1000 });
  // On a phone the toasts sit at the bottom, clear of the top bar and its account menu (sonner
  // stretches them full width below 600 px); on wider screens they keep the top right.
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  return (
    // TanStack Query's client arrives with the first module that uses it (lib/react-query.ts, docs/decisions/006-public-pages-paint-first.md).
    <QueryClientSlot>
      {SessionSync && <SessionSync />}
      <Outlet />
      {Toaster && <Toaster richColors closeButton position={phone ? 'bottom-center' : 'top-right'} />}
    </QueryClientSlot>
  );
}

export function HydrateFallback() {
  return <LoadingSpinner className="min-h-screen" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-600">
        Please reload the page. If it keeps happening, contact us at hello@sekolo.co.za.
      </p>
      <a className="mt-6 inline-block font-medium text-brand-700 underline" href={paths.home}>
        Return to Home
      </a>
    </main>
  );
}
