import { useId, useRef, useState } from 'react';
import {
  FACILITY_MESSAGES as M,
  FACILITY_PHOTO_TYPES,
  MAX_FACILITY_PHOTO_BYTES,
  MAX_FACILITY_PHOTOS,
  type TFacility,
  type TFacilityPhoto,
} from '@sekolo/shared/schemas/facilities';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import { useAddPhoto, useOrderPhotos, useRemovePhoto, useUpdatePhoto } from '../api/facility-queries';
import { FacilityPhoto } from './facility-photo-gallery';

/** What is wrong with a chosen file before it is sent (the server checks its bytes again). */
export function photoFileProblem(file: File): string | null {
  if (!(FACILITY_PHOTO_TYPES as readonly string[]).includes(file.type)) return M.photoType;
  if (file.size > MAX_FACILITY_PHOTO_BYTES) return M.photoTooLarge;
  return null;
}

/**
 * The school's photos of one facility: add (with alt text and a caption), describe, order (the
 * first is the cover on the public page) and remove.
 */
export function FacilityPhotosEditor({ facility }: { facility: TFacility }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const add = useAddPhoto();
  const order = useOrderPhotos();
  const remove = useRemovePhoto();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const photos = facility.photos;
  const full = photos.length >= MAX_FACILITY_PHOTOS;

  const run = async (what: () => Promise<unknown>, done: string) => {
    setProblem(null);
    setNotice(null);
    try {
      await what();
      setNotice(done);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const upload = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(M.photoType);
      return;
    }
    const wrong = photoFileProblem(file);
    setFileError(wrong);
    if (wrong) return;
    await run(async () => {
      await add.mutateAsync({ facilityId: facility.id, file, alt, caption });
      setFile(null);
      setAlt('');
      setCaption('');
      if (fileRef.current) fileRef.current.value = '';
    }, 'Photo added.');
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void run(() => order.mutateAsync({ facilityId: facility.id, photoIds: ids }), 'Photos reordered.');
  };

  return (
    <section aria-label={`Photos of ${facility.name}`} className="space-y-3">
      <p className="text-sm text-slate-700">
        {photos.length} of {MAX_FACILITY_PHOTOS} photos. The first is the cover on the school’s public page.
      </p>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ol className="space-y-3" aria-label={`Photo order of ${facility.name}`}>
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              facilityId={facility.id}
              photo={photo}
              position={index + 1}
              onUp={index > 0 ? () => move(index, -1) : null}
              onDown={index < photos.length - 1 ? () => move(index, 1) : null}
              onRemove={() =>
                void run(() => remove.mutateAsync({ facilityId: facility.id, photoId: photo.id }), 'Photo removed.')
              }
              busy={order.isPending || remove.isPending}
            />
          ))}
        </ol>
      ) : null}
      {full ? (
        <p className="text-sm text-slate-600">{M.tooManyPhotos}</p>
      ) : (
        <form
          onSubmit={(e) => void upload(e)}
          className="grid gap-2 sm:grid-cols-2"
          aria-label={`Add a photo of ${facility.name}`}
        >
          <FormField
            id={`${id}-file`}
            label="Photo"
            hint="PNG, JPEG or WebP, up to 10 MB"
            error={fileError}
            className="sm:col-span-2"
          >
            <input
              id={`${id}-file`}
              ref={fileRef}
              type="file"
              accept={FACILITY_PHOTO_TYPES.join(',')}
              aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setFileError(chosen ? photoFileProblem(chosen) : null);
              }}
            />
          </FormField>
          <FormField id={`${id}-alt`} label="Alt text" hint="What the photo shows, for people who cannot see it">
            <Input value={alt} maxLength={200} onChange={(e) => setAlt(e.target.value)} />
          </FormField>
          <FormField id={`${id}-caption`} label="Caption" optional>
            <Input value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add photo'}
          </Button>
        </form>
      )}
    </section>
  );
}

function PhotoRow({
  facilityId,
  photo,
  position,
  onUp,
  onDown,
  onRemove,
  busy,
}: {
  facilityId: string;
  photo: TFacilityPhoto;
  position: number;
  onUp: (() => void) | null;
  onDown: (() => void) | null;
  onRemove: () => void;
  busy: boolean;
}) {
  const id = useId();
  const update = useUpdatePhoto();
  const [alt, setAlt] = useState(photo.alt);
  const [caption, setCaption] = useState(photo.caption);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await update.mutateAsync({ facilityId, photoId: photo.id, body: { alt, caption } });
      setSaved(true);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const label = `photo ${position} (${photo.alt})`;
  return (
    <li
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row"
      aria-label={`Photo ${position}`}
    >
      <div className="aspect-[4/3] w-full shrink-0 sm:w-40">
        <FacilityPhoto photo={photo} sizes="(min-width: 640px) 160px, 100vw" />
      </div>
      <form onSubmit={(e) => void save(e)} className="grid flex-1 gap-2" aria-label={`Describe ${label}`}>
        <FormField id={`${id}-alt`} label="Alt text">
          <Input value={alt} maxLength={200} onChange={(e) => setAlt(e.target.value)} />
        </FormField>
        <FormField id={`${id}-caption`} label="Caption" optional>
          <Input value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
        </FormField>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : saved ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={update.isPending}>
            Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={!onUp || busy}
            onClick={() => onUp?.()}
            aria-label={`Move ${label} earlier`}
          >
            Move up
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={!onDown || busy}
            onClick={() => onDown?.()}
            aria-label={`Move ${label} later`}
          >
            Move down
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            Remove
          </Button>
        </div>
      </form>
    </li>
  );
}
