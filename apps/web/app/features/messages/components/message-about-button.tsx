import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { messageContracts as api } from '@sekolo/shared/contracts/messages';
import type { TConversationSubjectKind } from '@sekolo/shared/schemas/messages';
import { Button } from '~/components/ui/button';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { messagesPathFor } from '../lib/messages-access';

/**
 * "Message the seller" on a customer's order or booking, "Message the customer" on the seller's:
 * opens (once) their conversation about it and goes to it on the user's Messages page.
 */
export function MessageAboutButton({
  kind,
  id,
  label,
  reference,
  role,
}: {
  kind: TConversationSubjectKind;
  id: string;
  label: string;
  /** Read after the label by a screen reader, to tell one order's button from the next. */
  reference: string;
  /** The signed-in user's role: whose Messages page the conversation opens on. */
  role: string | null;
}) {
  const navigate = useNavigate();
  const to = messagesPathFor(role);
  const open = useMutation({
    mutationFn: () => call(api.about, { body: { kind, id } }),
    onSuccess: ({ conversationId }) => navigate(`${to}?c=${conversationId}`),
  });
  if (!to) return null;
  return (
    <span className="inline-flex flex-col gap-1">
      <Button size="sm" variant="secondary" disabled={open.isPending} onClick={() => open.mutate()}>
        <MessageSquare className="size-4" aria-hidden="true" />
        {label}
        <span className="sr-only"> ({reference})</span>
      </Button>
      {open.isError ? (
        <span role="alert" className="text-sm text-red-800">
          {errorMessage(open.error)}
        </span>
      ) : null}
    </span>
  );
}
