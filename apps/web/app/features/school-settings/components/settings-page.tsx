import type { ReactNode } from 'react';

/** The frame of every settings page: the settings navigation, the page's heading and what it is for. */
export function SettingsPage({
  title,
  description,
  nav,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The settings navigation (layout/settings-nav.tsx). */
  nav: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {nav}
      <div className="space-y-1">
        <p className="text-sm font-semibold text-brand-700">Settings</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** A query's loading and error states, the same on every settings page. */
export function QueryState({ pending, error }: { pending: boolean; error: unknown }) {
  if (pending) return <p className="py-4 text-sm text-slate-600">Loading...</p>;
  return (
    <p role="alert" className="text-sm text-red-800">
      {error instanceof Error ? error.message : 'Something went wrong. Please try again.'}
    </p>
  );
}
