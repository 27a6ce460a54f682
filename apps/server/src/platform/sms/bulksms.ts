import { toSmsNumber } from './sms-number.ts';
import type { SmsProvider, TSmsSendResult, TSmsStatus, TSmsWebhook } from './sms-provider.ts';

/** Messages per request to BulkSMS (its API takes an array; smaller requests fail smaller). */
const BATCH = 100;
/** A gateway that does not answer holds a send for seconds, not minutes. */
const TIMEOUT_MS = 15_000;

/** One message object of the BulkSMS JSON REST API v1 (a send's answer and a webhook's item). */
type TBulkSmsMessage = {
  id?: string;
  type?: 'SENT' | 'RECEIVED';
  from?: string;
  to?: string;
  body?: string;
  userSuppliedId?: string | null;
  relatedSentMessageId?: string | null;
  status?: { id?: string; type?: string; subtype?: string | null };
};

/**
 * A BulkSMS status type as ours: ACCEPTED and SCHEDULED are with the gateway, SENT with the
 * network; DELIVERED reached the phone; FAILED (with a subtype such as REJECTED, EXPIRED or
 * BLOCKED) did not, and so did anything we do not know.
 */
export function bulkSmsStatus(status: TBulkSmsMessage['status']): { status: TSmsStatus; error: string | null } {
  const type = status?.type ?? '';
  if (type === 'DELIVERED') return { status: 'delivered', error: null };
  if (type === 'ACCEPTED' || type === 'SCHEDULED' || type === 'SENT') return { status: 'sent', error: null };
  return { status: 'failed', error: `${type || 'UNKNOWN'}${status?.subtype ? `.${status.subtype}` : ''}` };
}

/** The gateway's problem document ({ type, title, status, detail }) in one line. */
async function problemOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { title?: string; detail?: string };
    return `${response.status} ${problem.title ?? ''}${problem.detail ? `: ${problem.detail}` : ''}`.trim();
  } catch {
    return `${response.status} ${text.slice(0, 200)}`.trim();
  }
}

/**
 * BulkSMS (bulksms.com, widely used by South African schools) through its JSON REST API v1 with
 * the school's own credentials: `POST {base}/messages` with HTTP Basic auth (the account's
 * username and password, or an API token's id and secret), a JSON array of
 * { to, body, from?, userSuppliedId }, answered 201 with one message object per recipient.
 * Delivery reports and replies arrive at the account's webhook as JSON arrays of message objects
 * (type SENT with a status, or RECEIVED with the reply's text).
 */
export function createBulkSmsProvider(options: {
  baseUrl: string;
  username: string;
  secret: string;
  senderId?: string;
  fetch?: typeof fetch;
}): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${options.username}:${options.secret}`).toString('base64')}`;
  const url = `${options.baseUrl.replace(/\/$/, '')}/messages?auto-unicode=true&longMessageMaxParts=6`;

  return {
    kind: 'bulksms',
    async send(messages) {
      const results: TSmsSendResult[] = [];
      for (let i = 0; i < messages.length; i += BATCH) {
        const batch = messages.slice(i, i + BATCH);
        const payload = batch.map((m) => ({
          to: m.to,
          body: m.body,
          userSuppliedId: m.reference,
          ...(options.senderId ? { from: options.senderId } : {}),
        }));
        let answer: TBulkSmsMessage[] | null = null;
        let error: string | null = null;
        try {
          const response = await doFetch(url, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(payload),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (response.status === 201 || response.status === 200) answer = (await response.json()) as TBulkSmsMessage[];
          else error = await problemOf(response);
        } catch (cause) {
          error = `unreachable: ${cause instanceof Error ? cause.message : String(cause)}`;
        }
        batch.forEach((m, j) => {
          // The answer is in the order sent; userSuppliedId confirms it.
          const item = answer?.find((a) => a.userSuppliedId === m.reference) ?? answer?.[j];
          if (!item?.id) {
            results.push({
              reference: m.reference,
              status: 'failed',
              providerMessageId: null,
              error: error ?? 'no answer',
            });
            return;
          }
          const { status, error: statusError } = bulkSmsStatus(item.status);
          results.push({ reference: m.reference, status, providerMessageId: String(item.id), error: statusError });
        });
      }
      return results;
    },
    parseWebhook(body): TSmsWebhook {
      const items = Array.isArray(body) ? (body as TBulkSmsMessage[]) : [body as TBulkSmsMessage];
      if (items.some((item) => !item || typeof item !== 'object' || !item.id))
        throw new Error('not a BulkSMS webhook body');
      const result: TSmsWebhook = { reports: [], inbound: [] };
      for (const item of items) {
        if (item.type === 'RECEIVED') {
          const from = toSmsNumber(item.from ?? '');
          if (from.ok)
            result.inbound.push({ from: from.number, body: item.body ?? '', providerMessageId: String(item.id) });
        } else {
          result.reports.push({ providerMessageId: String(item.id), ...bulkSmsStatus(item.status) });
        }
      }
      return result;
    },
  };
}
