import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  COMMUNICATION_MESSAGES as M,
  ZAnnouncementSchema,
  type TAnnouncementInput,
} from '@sekolo/shared/schemas/communication';
import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_CHANNELS } from '@sekolo/shared/constants/notifications';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { uploadFile } from '~/lib/upload-file';
import { audienceOptionsQuery, familiesQuery, useSendAnnouncement } from '../api/announcement-queries';

type TAudienceType = 'school' | 'grade' | 'class' | 'subject_class' | 'role' | 'families';
const AUDIENCE_TYPES: { id: TAudienceType; label: string }[] = [
  { id: 'school', label: 'The whole school (all families)' },
  { id: 'grade', label: 'A grade' },
  { id: 'class', label: 'A class' },
  { id: 'subject_class', label: 'A subject class' },
  { id: 'role', label: 'Staff by role' },
  { id: 'families', label: 'Chosen families' },
];

/** The compose form: title, text, audience, channels, when, and files. */
export function ComposeAnnouncement() {
  const id = useId();
  const navigate = useNavigate();
  const options = useQuery(audienceOptionsQuery);
  const send = useSendAnnouncement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [type, setType] = useState<TAudienceType>('school');
  const [choice, setChoice] = useState('');
  const [families, setFamilies] = useState<{ id: string; name: string }[]>([]);
  const [search, setSearch] = useState('');
  const [channels, setChannels] = useState<string[]>(['in_app', 'email']);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [files, setFiles] = useState<TUploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const found = useQuery({ ...familiesQuery(search), enabled: type === 'families' && search.length >= 2 });
  const o = options.data;

  const audience = (): TAnnouncementInput['audience'] | null => {
    if (type === 'school') return { type };
    if (!choice && type !== 'families') return null;
    if (type === 'grade') return { type, grade: choice as never };
    if (type === 'class') return { type, classId: choice };
    if (type === 'subject_class') return { type, subjectClassId: choice };
    if (type === 'role') return { type, role: choice };
    return { type: 'families', guardianIds: families.map((f) => f.id) };
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const chosen = audience();
    const input = {
      title,
      body,
      audience: chosen ?? { type },
      channels,
      scheduledFor: when === 'later' && at ? new Date(at).toISOString() : null,
      attachmentIds: files.map((f) => f.id),
    };
    const next: Record<string, string> = {};
    if (!chosen)
      next.audience =
        type === 'grade'
          ? M.gradeRequired
          : type === 'class'
            ? M.classRequired
            : type === 'subject_class'
              ? M.subjectClassRequired
              : M.roleRequired;
    if (when === 'later' && !at) next.scheduledFor = M.scheduleInPast;
    const parsed = ZAnnouncementSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'audience' ? 'audience' : String(issue.path[0]);
        next[key] ??= issue.message;
      }
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const made = await send.mutateAsync(input as TAnnouncementInput);
      toast.success(made.status === 'scheduled' ? 'Announcement scheduled.' : 'Announcement sent.');
      void navigate(paths.communication.announcement(made.id));
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields && Object.keys(fields).length) setErrors(fields);
      else setProblem(errorMessage(error));
    }
  };

  const selectFor = (list: { id: string; label: string }[] | undefined, label: string) => (
    <FormField id={`${id}-choice`} label={label} error={errors.audience}>
      <NativeSelect value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Choose…</option>
        {(list ?? []).map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
            {'families' in x ? ` (${String((x as { families: number }).families)} families)` : ''}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">New announcement</h2>
      <FormField id={`${id}-title`} label="Title" error={errors.title}>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} />
      </FormField>
      <FormField id={`${id}-body`} label="Message" error={errors.body}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={5} />
      </FormField>
      <FormField
        id={`${id}-type`}
        label="Send to"
        error={type === 'school' || type === 'families' ? errors.audience : undefined}
      >
        <NativeSelect
          value={type}
          onChange={(e) => {
            setType(e.target.value as TAudienceType);
            setChoice('');
          }}
        >
          {AUDIENCE_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {type === 'grade' && selectFor(o?.grades, 'Grade')}
      {type === 'class' && selectFor(o?.classes, 'Class')}
      {type === 'subject_class' && selectFor(o?.subjectClasses, 'Subject class')}
      {type === 'role' && selectFor(o?.roles, 'Role')}
      {type === 'families' && (
        <div className="space-y-2">
          <FormField id={`${id}-search`} label="Find a family" hint="Type a parent’s or a learner’s name.">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} type="search" />
          </FormField>
          {found.data && (
            <ul className="max-h-48 space-y-1 overflow-y-auto text-sm" aria-label="Families found">
              {found.data.map((f) => (
                <li key={f.id}>
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={families.some((x) => x.id === f.id)}
                      onChange={(e) =>
                        setFamilies((list) =>
                          e.target.checked ? [...list, { id: f.id, name: f.name }] : list.filter((x) => x.id !== f.id),
                        )
                      }
                    />
                    {f.name} <span className="text-slate-500">({f.children})</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-700">
            {families.length ? `Chosen: ${families.map((f) => f.name).join(', ')}` : 'No family chosen yet.'}
          </p>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Send by</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {NOTIFICATION_CHANNELS.map((c) => {
            const disabled = c === 'sms' && o !== undefined && !o.smsAvailable;
            return (
              <label key={c} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  disabled={disabled}
                  checked={channels.includes(c)}
                  onChange={(e) =>
                    setChannels((list) => (e.target.checked ? [...list, c] : list.filter((x) => x !== c)))
                  }
                />
                {NOTIFICATION_CHANNEL_LABELS[c]}
              </label>
            );
          })}
        </div>
        {o && !o.smsAvailable && o.smsReason && <p className="text-sm text-slate-600">{o.smsReason}</p>}
        {errors.channels && (
          <p role="alert" className="text-sm text-red-800">
            {errors.channels}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">When</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-when`}
              checked={when === 'now'}
              onChange={() => setWhen('now')}
              className="accent-brand-700"
            />
            Send now
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-when`}
              checked={when === 'later'}
              onChange={() => setWhen('later')}
              className="accent-brand-700"
            />
            Schedule
          </label>
        </div>
        {when === 'later' && (
          <FormField id={`${id}-at`} label="Send on" error={errors.scheduledFor}>
            <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          </FormField>
        )}
      </fieldset>
      <FormField
        id={`${id}-files`}
        label="Attachments"
        optional
        hint="Up to 5 files of 10 MB (PDF or images). Recipients open them on Sekolo."
        error={errors.attachmentIds}
      >
        <Input
          type="file"
          accept="application/pdf,image/png,image/jpeg,image/webp"
          disabled={uploading || files.length >= 5}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setUploading(true);
            try {
              const uploaded = await uploadFile(file, { purpose: 'announcement' });
              setFiles((list) => [...list, uploaded]);
            } catch (error) {
              setErrors((x) => ({ ...x, attachmentIds: errorMessage(error) }));
            } finally {
              setUploading(false);
            }
          }}
        />
      </FormField>
      {files.length > 0 && (
        <ul className="space-y-1 text-sm">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-2">
              {f.name}
              <button
                type="button"
                className="text-brand-700 underline"
                onClick={() => setFiles((l) => l.filter((x) => x.id !== f.id))}
              >
                Remove<span className="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={send.isPending || uploading}>
        {send.isPending ? 'Sending…' : when === 'later' ? 'Schedule announcement' : 'Send announcement'}
      </Button>
    </form>
  );
}
