import type { TFacilityPhoto } from '@sekolo/shared/schemas/facilities';
import { cn } from '~/lib/cn';

/** The thumbnail fits a 480 px square, never enlarged: its width follows from the page-sized one. */
const THUMB_BOX = 480;
const thumbWidth = (photo: TFacilityPhoto) =>
  Math.round(photo.width * Math.min(1, THUMB_BOX / Math.max(photo.width, photo.height)));

/** Both stored sizes, so the browser fetches the smaller one for a small slot or screen. */
export function photoSources(photo: TFacilityPhoto) {
  const small = thumbWidth(photo);
  return {
    src: photo.url,
    srcSet: small < photo.width ? `${photo.thumbUrl} ${small}w, ${photo.url} ${photo.width}w` : undefined,
  };
}

/** One photo, lazy, with its own dimensions (no layout shift while it loads). */
export function FacilityPhoto({
  photo,
  sizes,
  className,
  eager = false,
}: {
  photo: TFacilityPhoto;
  /** How wide the slot is, for the browser's choice from the srcset. */
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      {...photoSources(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={photo.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('h-full w-full rounded-lg bg-slate-100 object-cover', className)}
    />
  );
}

/**
 * A facility's photos on its public page: the cover wide, the rest in a grid beneath it, each with
 * its caption. Nothing when the school has added none.
 */
export function FacilityPhotoGallery({ name, photos }: { name: string; photos: TFacilityPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul
      aria-label={`Photos of ${name}`}
      className={cn('grid gap-3', photos.length > 1 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-1')}
    >
      {photos.map((photo, index) => (
        <li key={photo.id} className={cn(index === 0 && photos.length > 1 && 'col-span-2 row-span-2')}>
          <figure className="flex h-full flex-col gap-1">
            <div className="aspect-[4/3] overflow-hidden rounded-lg">
              <FacilityPhoto
                photo={photo}
                sizes={
                  index === 0
                    ? '(min-width: 1024px) 640px, (min-width: 640px) 66vw, 100vw'
                    : '(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw'
                }
              />
            </div>
            {photo.caption ? <figcaption className="text-sm text-slate-600">{photo.caption}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
