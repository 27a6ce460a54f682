import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingContracts as api } from '@sekolo/shared/contracts/bookings';
import { BOOKING_CATEGORIES, type TOwnService, type TServiceInput } from '@sekolo/shared/schemas/bookings';
import { formatZar } from '@sekolo/shared/domain/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { saDateTime } from '../lib/sa-time';

const field = 'mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm';
type TDraft = {
  title: string;
  description: string;
  category: string;
  kind: 'one_to_one' | 'group';
  online: boolean;
  meetingUrl: string;
  location: string;
  durationMinutes: string;
  priceRand: string;
  seatLimit: string;
  noticeHours: string;
  status: 'draft' | 'published' | 'archived';
};
const EMPTY: TDraft = {
  title: '',
  description: '',
  category: 'tutoring',
  kind: 'one_to_one',
  online: false,
  meetingUrl: '',
  location: '',
  durationMinutes: '60',
  priceRand: '350',
  seatLimit: '10',
  noticeHours: '24',
  status: 'published',
};
const draftOf = (s: TOwnService): TDraft => ({
  title: s.title,
  description: s.description,
  category: s.category,
  kind: s.kind,
  online: s.online,
  meetingUrl: s.meetingUrl,
  location: s.location,
  durationMinutes: String(s.durationMinutes),
  priceRand: String(s.priceCents / 100),
  seatLimit: String(s.seatLimit ?? 10),
  noticeHours: String(s.noticeHours),
  status: s.status,
});
const bodyOf = (d: TDraft): TServiceInput => ({
  title: d.title,
  description: d.description,
  category: d.category as TServiceInput['category'],
  kind: d.kind,
  online: d.online,
  meetingUrl: d.online ? d.meetingUrl : '',
  location: d.location,
  durationMinutes: Number(d.durationMinutes),
  priceCents: Math.round(Number(d.priceRand.replace(',', '.')) * 100),
  seatLimit: d.kind === 'group' ? Number(d.seatLimit) : null,
  noticeHours: Number(d.noticeHours),
  status: d.status,
});

function ServiceForm({ initial, existing, onSaved }: { initial: TDraft; existing?: TOwnService; onSaved: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<TDraft>) => setDraft({ ...draft, ...patch });
  const save = useMutation({
    mutationFn: () =>
      existing
        ? call(api.updateService, { params: { id: existing.id }, body: bodyOf(draft) })
        : call(api.createService, { body: bodyOf(draft) }),
    onSuccess: () => {
      setProblem(null);
      onSaved();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const id = existing?.id ?? 'new';
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      aria-label={existing ? `Edit ${existing.title}` : 'New service'}
    >
      <label className="text-sm font-medium text-slate-900 sm:col-span-2">
        Title
        <input
          className={field}
          value={draft.title}
          onChange={(e) => set({ title: e.target.value })}
          required
          name={`title-${id}`}
        />
      </label>
      <label className="text-sm font-medium text-slate-900 sm:col-span-2">
        Description
        <textarea
          className="mt-1 block min-h-20 w-full rounded-lg border border-slate-300 p-2 text-sm"
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </label>
      <label className="text-sm font-medium text-slate-900">
        Category
        <select className={field} value={draft.category} onChange={(e) => set({ category: e.target.value })}>
          {BOOKING_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-900">
        Kind
        <select
          className={field}
          value={draft.kind}
          disabled={Boolean(existing)}
          onChange={(e) => set({ kind: e.target.value as TDraft['kind'] })}
        >
          <option value="one_to_one">One-to-one (customers pick a time)</option>
          <option value="group">Group class (you schedule sessions)</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-900">
        Length (minutes)
        <input
          className={field}
          type="number"
          min={15}
          max={480}
          value={draft.durationMinutes}
          onChange={(e) => set({ durationMinutes: e.target.value })}
        />
      </label>
      <label className="text-sm font-medium text-slate-900">
        Price (R)
        <input
          className={field}
          inputMode="decimal"
          value={draft.priceRand}
          onChange={(e) => set({ priceRand: e.target.value })}
        />
      </label>
      {draft.kind === 'group' ? (
        <label className="text-sm font-medium text-slate-900">
          Seats per session
          <input
            className={field}
            type="number"
            min={1}
            max={500}
            value={draft.seatLimit}
            onChange={(e) => set({ seatLimit: e.target.value })}
          />
        </label>
      ) : null}
      <label className="text-sm font-medium text-slate-900">
        Notice for changes (hours)
        <input
          className={field}
          type="number"
          min={0}
          max={336}
          value={draft.noticeHours}
          onChange={(e) => set({ noticeHours: e.target.value })}
        />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input type="checkbox" checked={draft.online} onChange={(e) => set({ online: e.target.checked })} />
        Online (a meeting link)
      </label>
      {draft.online ? (
        <label className="text-sm font-medium text-slate-900">
          Meeting link (paid attendees only)
          <input
            className={field}
            type="url"
            placeholder="https://"
            value={draft.meetingUrl}
            onChange={(e) => set({ meetingUrl: e.target.value })}
          />
        </label>
      ) : (
        <label className="text-sm font-medium text-slate-900">
          Where
          <input className={field} value={draft.location} onChange={(e) => set({ location: e.target.value })} />
        </label>
      )}
      <label className="text-sm font-medium text-slate-900">
        Status
        <select
          className={field}
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as TDraft['status'] })}
        >
          <option value="published">Published (bookable)</option>
          <option value="draft">Draft</option>
          <option value="archived">Archived</option>
        </select>
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {existing ? 'Save service' : 'Publish service'}
        </Button>
      </div>
    </form>
  );
}

function Sessions({ service, onChanged }: { service: TOwnService; onChanged: () => void }) {
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const schedule = useMutation({
    // The time typed is South African time (UTC+2 all year).
    mutationFn: () => call(api.createSession, { params: { id: service.id }, body: { startsAt: `${when}:00+02:00` } }),
    onSuccess: () => {
      setProblem(null);
      setWhen('');
      onChanged();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => call(api.cancelSession, { params: { id }, body: { reason: '' } }),
    onSuccess: onChanged,
    onError: (error) => setProblem(errorMessage(error)),
  });
  const upcoming = service.sessions.filter((s) => s.status === 'scheduled');
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-slate-900">Sessions</h4>
      {upcoming.length === 0 ? <p className="text-sm text-slate-600">No sessions scheduled.</p> : null}
      <ul className="space-y-1">
        {upcoming.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            {saDateTime(s.startsAt)} · {s.seatsTaken} of {s.seatLimit} seats taken
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                if (window.confirm('Cancel this session? Everyone booked is refunded in full.')) cancel.mutate(s.id);
              }}
            >
              Cancel session
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium text-slate-900">
          New session (SAST)
          <input type="datetime-local" className={field} value={when} onChange={(e) => setWhen(e.target.value)} />
        </label>
        <Button size="sm" disabled={!when || schedule.isPending} onClick={() => schedule.mutate()}>
          Schedule
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The provider's services: publish, edit, and for group classes schedule sessions. */
export function ServiceManager() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const services = useQuery({ queryKey: ['bookings', 'own-services'], queryFn: () => call(api.ownServices) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  if (services.isPending) return <LoadingSpinner label="Loading your services..." />;
  if (services.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(services.error)}
      </p>
    );
  return (
    <div className="space-y-6">
      <ul className="space-y-3" aria-label="Your services">
        {services.data.services.map((s) => (
          <li
            key={s.id}
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
            data-testid="own-service"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {s.title} · {s.durationMinutes} min · {formatZar(s.priceCents)}
                {s.kind === 'group' ? ` · ${s.seatLimit} seats` : ''}
              </p>
              <span className="flex items-center gap-2">
                <Badge variant={s.status === 'published' ? 'solid' : 'brand'}>
                  {s.status === 'published' ? 'Published' : 'Draft'}
                </Badge>
                {s.status === 'published' ? (
                  <Link to={paths.bookingService(s.id)} className="text-sm font-semibold text-brand-700 underline">
                    Public page
                  </Link>
                ) : null}
                <Button size="sm" variant="secondary" onClick={() => setEditing(editing === s.id ? null : s.id)}>
                  {editing === s.id ? 'Close' : 'Edit'}
                </Button>
              </span>
            </div>
            {editing === s.id ? (
              <ServiceForm
                initial={draftOf(s)}
                existing={s}
                onSaved={() => {
                  setEditing(null);
                  refresh();
                }}
              />
            ) : null}
            {s.kind === 'group' ? <Sessions service={s} onChanged={refresh} /> : null}
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-service-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="new-service-title" className="mb-3 text-lg font-semibold text-slate-900">
          Add a service
        </h3>
        <ServiceForm key={services.data.services.length} initial={EMPTY} onSaved={refresh} />
      </section>
    </div>
  );
}
