import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Paperclip, Send, X } from 'lucide-react';
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_BODY_MAX, MESSAGE_MESSAGES as M } from '@sekolo/shared/schemas/messages';
import { UPLOAD_ACCEPT, type TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { uploadFile, uploadedFileUrl } from '~/lib/upload-file';
import { cn } from '~/lib/cn';
import { conversationQuery, newClientKey, useArchive, useMarkRead, useSendMessage } from '../api/message-queries';
import { messageTime, messageTimeInFull } from '../lib/message-time';

/** One conversation: its messages (the newest at the bottom), "Seen" under the caller's last one, and the composer. */
export function ThreadView({ conversationId, me }: { conversationId: string; me: string | undefined }) {
  const { data, isPending, error } = useQuery(conversationQuery(conversationId));
  const markRead = useMarkRead();
  const archive = useArchive();
  const bottom = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;
  const newest = data?.messages.at(-1);

  // Read on open and whenever someone else's message arrives while it is open and the tab is seen.
  const myMark = data?.participants.find((p) => p.userId === me)?.lastReadAt;
  const unreadHere = newest && newest.senderId !== me && (!myMark || myMark < newest.sentAt);
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unreadHere && document.visibilityState === 'visible') read(conversationId);
  }, [unreadHere, newest?.id, conversationId, read]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  if (isPending) return <LoadingSpinner className="p-8" label="Loading the conversation" />;
  if (error)
    return (
      <Alert variant="destructive" className="m-4">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  const { conversation, participants, messages } = data;
  const others = participants.filter((p) => p.userId !== me);
  const lastMine = [...messages].reverse().find((m) => m.senderId === me);
  const seenBy = lastMine
    ? others.filter((p) => p.lastReadAt && p.lastReadAt >= lastMine.sentAt).map((p) => p.name)
    : [];

  return (
    <div className="flex h-full min-h-[28rem] flex-col">
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{conversation.subject}</h2>
          <p className="truncate text-sm text-slate-600">
            With {others.map((p) => p.name).join(', ') || 'nobody else'}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={archive.isPending}
          onClick={() => archive.mutate({ conversationId, archived: !conversation.archived })}
        >
          {conversation.archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          {conversation.archived ? 'Move to inbox' : 'Archive'}
        </Button>
      </header>
      <div className="max-h-[60vh] flex-1 overflow-y-auto p-4">
        {data.hasEarlier && <p className="mb-3 text-center text-xs text-slate-500">Earlier messages are not shown.</p>}
        <div role="log" aria-label="Messages" aria-live="polite">
          <ol className="space-y-3" data-testid="thread-messages">
            {messages.map((m) => {
              const mine = m.senderId === me;
              return (
                <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                  <div
                    className={cn(
                      'max-w-[85%] rounded-2xl px-4 py-2 text-sm shadow-sm',
                      mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
                    )}
                  >
                    <p className={cn('text-xs font-semibold', mine ? 'text-brand-100' : 'text-slate-700')}>
                      {mine ? 'You' : m.senderName}
                      {' · '}
                      <time dateTime={m.sentAt} title={messageTimeInFull(m.sentAt)}>
                        {messageTime(m.sentAt)}
                      </time>
                    </p>
                    <p className="break-words whitespace-pre-wrap">{m.body}</p>
                    {m.attachments.length > 0 && (
                      <ul className="mt-2 space-y-1">
                        {m.attachments.map((file) => (
                          <li key={file.id}>
                            <a
                              href={uploadedFileUrl(file.id)}
                              target="_blank"
                              rel="noreferrer"
                              className={cn(
                                'inline-flex items-center gap-1 underline',
                                mine ? 'text-white' : 'text-brand-800',
                              )}
                            >
                              <Paperclip className="size-3.5" aria-hidden="true" />
                              {file.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
        {seenBy.length > 0 && (
          <p className="mt-1 text-right text-xs text-slate-600" data-testid="seen-receipt">
            Seen{others.length > 1 ? ` by ${seenBy.join(', ')}` : ''}
          </p>
        )}
        <div ref={bottom} />
      </div>
      <Composer conversationId={conversationId} />
    </div>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TUploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [clientKey, setClientKey] = useState(newClientKey);
  const send = useSendMessage(conversationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = `composer-${conversationId}`;

  const submit = () => {
    const text = body.trim();
    if (!text) {
      setProblem(M.bodyRequired);
      return;
    }
    setProblem(null);
    send.mutate(
      { body: text, attachmentIds: files.map((f) => f.id), clientKey },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
          setClientKey(newClientKey());
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const attach = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    if (files.length + chosen.length > MESSAGE_ATTACHMENTS_MAX) {
      setProblem(M.tooManyAttachments);
      return;
    }
    setUploading(true);
    setProblem(null);
    try {
      for (const file of chosen) {
        const uploaded = await uploadFile(file, { purpose: 'message-attachment' });
        setFiles((current) => [...current, uploaded]);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      className="space-y-2 border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Write a message
      </label>
      <Textarea
        id={id}
        value={body}
        maxLength={MESSAGE_BODY_MAX}
        placeholder="Write a message"
        className="min-h-20"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attached files">
          {files.map((file) => (
            <li
              key={file.id}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-xs"
            >
              {file.name}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-slate-200"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((f) => f.id !== file.id))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          aria-label="Attach a file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => void attach(event.target.files)}
        />
        <Button variant="ghost" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
          <Paperclip aria-hidden="true" />
          {uploading ? 'Uploading…' : 'Attach a file'}
        </Button>
        <Button type="submit" disabled={send.isPending || uploading}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
