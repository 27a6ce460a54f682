import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { TDirectoryEntry } from '@sekolo/shared/schemas/directory';
import { paths } from '~/config/paths';
import { kindLabel, regionLabel } from '../lib/labels';
import { OrganisationLogo } from './organisation-logo';

/** One organisation in the directory's results: the whole card opens its profile. */
export function DirectoryCard({ entry }: { entry: TDirectoryEntry }) {
  const place = [entry.town, regionLabel(entry.province)].filter(Boolean).join(', ');
  return (
    <li>
      <article className="relative flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:shadow-md">
        <OrganisationLogo name={entry.name} logoUrl={entry.logoUrl} />
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{kindLabel(entry)}</p>
          <h3 className="font-semibold text-slate-900">
            <Link
              to={paths.directoryProfile(entry.slug)}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
            >
              {entry.name}
            </Link>
          </h3>
          {entry.tagLine ? <p className="text-sm text-slate-700">{entry.tagLine}</p> : null}
          {place ? (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {place}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}
