/**
 * Sending SMS is a side effect behind this interface (DESIGN.md): the sandbox keeps messages for
 * developers to read (nothing leaves the machine); a gateway adapter sends them through the
 * school's own account (spec 9). Numbers arrive in +27 form (sms-number.ts).
 */

export type TSmsOutgoing = {
  /** +27 form. */
  to: string;
  body: string;
  /** Our id of the message (sms_messages.id), echoed by the gateway where it can. */
  reference: string;
};

/** What a gateway says of one message, now or later in a delivery report. */
export type TSmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export type TSmsSendResult = {
  reference: string;
  status: TSmsStatus;
  providerMessageId: string | null;
  error: string | null;
};

/** What a gateway's webhook carried: delivery reports of sent messages, and replies (a STOP). */
export type TSmsWebhook = {
  reports: { providerMessageId: string; status: TSmsStatus; error: string | null }[];
  inbound: { from: string; body: string; providerMessageId: string }[];
};

export interface SmsProvider {
  readonly kind: 'sandbox' | 'bulksms';
  /** Sends a batch; answers one result per message, in order. Never throws for a refused message. */
  send(messages: TSmsOutgoing[]): Promise<TSmsSendResult[]>;
  /** Reads a webhook's body; throws on a body that is not the gateway's format. */
  parseWebhook(body: unknown): TSmsWebhook;
}

/** The sandbox: every message is "sent" at once with an id of its own; its record is the readable outbox. */
export function createSandboxSmsProvider(): SmsProvider {
  return {
    kind: 'sandbox',
    async send(messages) {
      return messages.map((m) => ({
        reference: m.reference,
        status: 'sent' as const,
        providerMessageId: `sandbox-${m.reference}`,
        error: null,
      }));
    },
    parseWebhook() {
      return { reports: [], inbound: [] };
    },
  };
}
