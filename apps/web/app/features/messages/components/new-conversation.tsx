import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { ZNewConversationForm, type TNewConversationForm } from '@sekolo/shared/schemas/messages';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { newClientKey, recipientsQuery, useStartConversation } from '../api/message-queries';

/**
 * A new conversation with someone the server offers (recipients: a parent sees the office and
 * their children's teachers); the server checks again and its refusal is shown as it says it.
 */
export function NewConversation({ onStarted, onCancel }: { onStarted: (id: string) => void; onCancel: () => void }) {
  const recipients = useQuery(recipientsQuery);
  const start = useStartConversation();
  const [clientKey] = useState(newClientKey);
  const form = useForm<TNewConversationForm>({
    resolver: zodResolver(ZNewConversationForm),
    defaultValues: { recipientKey: '', subject: '', body: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const option = recipients.data?.find((r) => r.key === values.recipientKey);
    const recipient = option?.recipient ?? { kind: 'user' as const, userId: values.recipientKey.replace(/^user:/, '') };
    start.mutate(
      { recipient, subject: values.subject, body: values.body, attachmentIds: [], clientKey },
      { onSuccess: ({ conversationId }) => onStarted(conversationId) },
    );
  });

  return (
    <form className="space-y-4 p-4" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="text-lg font-semibold text-slate-900">New message</h2>
      {recipients.isPending ? (
        <LoadingSpinner label="Loading who you can write to" />
      ) : recipients.error ? (
        <Alert variant="destructive">
          <AlertDescription>{recipients.error.message}</AlertDescription>
        </Alert>
      ) : (
        <FormField
          id="message-recipient"
          label="To"
          error={errors.recipientKey?.message}
          hint={
            recipients.data.length === 0
              ? 'There is nobody you can write to yet.'
              : 'Only the people you may write to are listed.'
          }
        >
          <NativeSelect {...form.register('recipientKey')}>
            <option value="">Choose who to write to</option>
            {recipients.data.map((r) => (
              <option key={r.key} value={r.key}>
                {r.name} ({r.description})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField id="message-subject" label="Subject" error={errors.subject?.message}>
        <Input autoComplete="off" {...form.register('subject')} />
      </FormField>
      <FormField id="message-body" label="Message" error={errors.body?.message}>
        <Textarea {...form.register('body')} />
      </FormField>
      {start.error && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{start.error.message}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          <Send aria-hidden="true" />
          {start.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
