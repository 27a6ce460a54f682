import type { TApplicationDetail } from '@sekolo/shared/schemas/admissions';
import { cn } from '~/lib/cn';
import { uploadedFileUrl } from '~/lib/upload-file';

/** An application's documents as links that open each file (for the family and for the school). */
export function DocumentLinks({
  documents,
  className,
  testId,
}: {
  documents: TApplicationDetail['documents'];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={cn('space-y-1 text-sm', className)} data-testid={testId}>
      {documents.map((d) => (
        <li key={d.id}>
          <a className="text-brand-700 underline" href={uploadedFileUrl(d.uploadId)} target="_blank" rel="noreferrer">
            {d.label}
          </a>{' '}
          <span className="text-slate-500">({d.name})</span>
        </li>
      ))}
    </ul>
  );
}
