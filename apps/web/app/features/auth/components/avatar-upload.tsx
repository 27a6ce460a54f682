import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, AVATAR_MIME_TYPES } from '@sekolo/shared/schemas/auth';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api-client';
import { uploadAvatar } from '../api/auth-requests';
import type { IMe } from '../api/get-me';
import { useRefreshSession } from '../hooks/use-refresh-session';
import { UserAvatar } from './user-avatar';

/**
 * The profile picture: PNG, JPEG or WebP up to 2 MB. The browser checks type and size first for a
 * quick answer; the server decides by the file's content.
 */
export function AvatarUpload({ user }: { user: IMe['user'] }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const refreshSession = useRefreshSession();
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
      setProblem(AVATAR_MESSAGES.wrongType);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(AVATAR_MESSAGES.tooLarge);
      return;
    }
    setIsUploading(true);
    try {
      await uploadAvatar(file);
      await refreshSession();
      toast.success('Profile picture updated');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Upload failed. Please try again.');
    } finally {
      setIsUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar user={user} className="size-20 text-2xl [&_[data-testid=user-initials]]:text-2xl" />
      <div className="space-y-2">
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button variant="secondary" size="sm" disabled={isUploading} onClick={() => inputRef.current?.click()}>
          <Upload aria-hidden="true" />
          {isUploading ? 'Uploading...' : 'Upload a picture'}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          PNG, JPEG or WebP, at most 2 MB.
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
