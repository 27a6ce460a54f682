import { useContext, useEffect, useReducer, useRef, useState } from 'react';
import { FileText, RotateCcw, Upload, X } from 'lucide-react';
import { UPLOAD_MESSAGES, formatFileSize, type TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { ApiError } from '~/lib/api-client';
import { cn } from '~/lib/cn';
import { deleteUploadedFile, uploadFile, uploadedFileUrl } from '~/lib/upload-file';
import {
  allowedTypes,
  checkFileBeforeUpload,
  describeTypes,
  fileUploadReducer,
  initialFileUploadState,
} from './file-upload-state';
import { UploadReleaseContext } from './upload-release';

export type TFileUploadProps = {
  /** The file input's id: `<label for>` and e2e `getByLabel(label)` reach it. */
  id: string;
  label: React.ReactNode;
  /** Fields are required unless they say so (DESIGN); an optional one shows "(optional)". */
  required?: boolean;
  value: TUploadedFile | null;
  onChange: (value: TUploadedFile | null) => void;
  /** The form's message for this field, e.g. 'This file is required'. */
  error?: string;
  /** The hint under the field; defaults to the accepted types ("PDF, PNG, JPEG or WebP"). "Maximum size 10MB" follows either way. */
  description?: React.ReactNode;
  /** Sent to the server with the file, e.g. 'application-document' or 'logo'. */
  purpose?: string;
  /** Narrows the accepted types, e.g. "image/png,image/jpeg,image/webp" for a logo. */
  accept?: string;
  disabled?: boolean;
  /**
   * Told when a file starts on its way (true) and when it has arrived or failed (false), so a form
   * can hold its submit while a file is still uploading. On success `onChange` comes first.
   */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * One file field (spec 2.11): drag and drop or click to browse, a real progress bar while the file
 * is sent, a preview row with a remove button when done, and a retry button when it failed. The
 * value is the stored file ({ id, name, size, mimeType }); an initial value shows as done.
 */
export function FileUpload({
  id,
  label,
  required,
  value,
  onChange,
  error,
  description,
  purpose,
  accept,
  disabled,
  onBusyChange,
}: TFileUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Files sent from this widget and not yet saved anywhere else: removing one deletes it on the server too.
  const uploadedHere = useRef(new Set<string>());
  const [state, dispatch] = useReducer(fileUploadReducer, initialFileUploadState);
  const [dragging, setDragging] = useState(false);
  const release = useContext(UploadReleaseContext);
  const types = allowedTypes(accept);
  const acceptAttribute = accept ?? types.join(',');

  useEffect(() => () => abortRef.current?.abort(), []);

  // While a file is on its way, the form this field is in is not sent: its submit would go without
  // the file (the field's value arrives with the upload's answer). The field says why instead.
  const uploading = state.status === 'uploading';
  const [heldSubmit, setHeldSubmit] = useState(false);
  useEffect(() => {
    setHeldSubmit(false);
    const form = uploading ? inputRef.current?.form : null;
    if (!form) return;
    const hold = (event: Event) => {
      event.preventDefault();
      // Before it reaches React's listener at the root: the form's onSubmit never runs.
      event.stopPropagation();
      setHeldSubmit(true);
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [uploading]);

  async function send(file: File) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'started', file });
    onBusyChange?.(true);
    try {
      const uploaded = await uploadFile(file, {
        purpose,
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: 'progress', progress }),
      });
      if (controller.signal.aborted) return;
      uploadedHere.current.add(uploaded.id);
      dispatch({ type: 'succeeded' });
      onChange(uploaded);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'ABORTED') return;
      dispatch({
        type: 'failed',
        // Every ApiError of an upload carries a message for people (a network failure's is `failed`).
        message: caught instanceof ApiError ? caught.message : UPLOAD_MESSAGES.failed,
      });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      if (inputRef.current) inputRef.current.value = '';
      onBusyChange?.(false);
    }
  }

  function choose(files: FileList | null | undefined) {
    const file = files?.[0];
    if (!file || disabled) return;
    const problem = checkFileBeforeUpload(file, accept);
    if (problem) {
      dispatch({ type: 'rejected', problem });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    void send(file);
  }

  function cancel() {
    abortRef.current?.abort();
    abortRef.current = null;
    dispatch({ type: 'reset' });
  }

  function remove() {
    const removed = value;
    dispatch({ type: 'reset' });
    onChange(null);
    if (removed && release) {
      // The form decides: its saved draft may be what still keeps the file (UploadReleaseContext).
      uploadedHere.current.delete(removed.id);
      release(removed);
    } else if (removed && uploadedHere.current.has(removed.id)) {
      uploadedHere.current.delete(removed.id);
      // Best effort: a file left behind stays private to its owner.
      void deleteUploadedFile(removed.id).catch(() => undefined);
    }
    requestAnimationFrame(() => document.getElementById(`${id}-browse`)?.focus());
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const problemId = `${id}-problem`;
  const problem = state.status === 'idle' ? state.problem : state.status === 'error' ? state.message : null;
  const showError = Boolean(error) && !value;
  const describedBy = [hintId, problem ? problemId : null, showError ? errorId : null].filter(Boolean).join(' ');
  const typesText = describeTypes(types);

  return (
    <div data-slot="file-upload" className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {!required && <span className="font-normal text-slate-500"> (optional)</span>}
      </Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={acceptAttribute}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled || state.status === 'uploading'}
        aria-required={required || undefined}
        aria-invalid={showError || problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => choose(event.target.files)}
      />

      {state.status === 'uploading' ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4" aria-live="polite">
          <div className="flex items-center gap-3">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{state.file.name}</p>
              <p className="text-xs text-slate-600">
                {state.progress < 1 ? `Uploading… ${Math.round(state.progress * 100)}%` : 'Checking the file…'}
              </p>
              {heldSubmit && (
                <p className="mt-1 text-sm font-medium text-amber-800">{UPLOAD_MESSAGES.stillUploading}</p>
              )}
            </div>
            <Button variant="ghost" size="sm" onClick={cancel}>
              Cancel
            </Button>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${state.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress * 100)}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
              style={{ width: `${Math.round(state.progress * 100)}%` }}
            />
          </div>
        </div>
      ) : value ? (
        <div
          data-testid="file-upload-done"
          className="flex items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3"
        >
          <FileText aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
          <div className="min-w-0 flex-1">
            <a
              href={uploadedFileUrl(value.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="block truncate text-sm font-medium text-slate-900 underline-offset-4 hover:underline"
            >
              {value.name}
            </a>
            <p className="text-xs text-slate-600">{formatFileSize(value.size)} · Uploaded</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            onClick={remove}
            disabled={disabled}
            aria-label={`Remove ${value.name}`}
            title="Remove file"
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : state.status === 'error' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="text-sm font-semibold text-red-800">{UPLOAD_MESSAGES.uploadFailedTitle}</p>
          <p id={problemId} className="mt-1 text-sm text-red-700">
            {state.message}
          </p>
          <p className="mt-1 truncate text-xs text-slate-600">{state.file.name}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void send(state.file)} disabled={disabled}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
            <Button
              id={`${id}-browse`}
              variant="ghost"
              size="sm"
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
            >
              Choose another file
            </Button>
          </div>
        </div>
      ) : (
        <div
          onDragEnter={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files);
          }}
        >
          <button
            id={`${id}-browse`}
            type="button"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            aria-describedby={describedBy}
            className={cn(
              'flex w-full flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
              dragging
                ? 'border-brand-700 bg-brand-50'
                : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-slate-50',
              (showError || problem) && !dragging && 'border-red-400',
            )}
          >
            <Upload aria-hidden="true" className="size-6 text-brand-700" />
            <span className="sr-only">{label}: </span>
            <span className="text-sm font-medium text-slate-900">
              Drag and drop a file here, or <span className="text-brand-700 underline">click to browse</span>
            </span>
          </button>
        </div>
      )}

      <p id={hintId} className="text-sm text-slate-600">
        {description ?? typesText} · {UPLOAD_MESSAGES.maxSize}
      </p>
      {state.status === 'idle' && state.problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {state.problem}
        </p>
      )}
      {showError && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
