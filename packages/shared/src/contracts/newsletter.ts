import { z } from 'zod';
import { ZNewsletterSubscribeSchema, ZNewsletterTokenSchema } from '../schemas/public-forms.ts';
import { contract } from './contract.ts';

const ZLinkAnswer = z.object({
  status: z.enum(['confirmed', 'unsubscribed']),
  email: z.string(),
  message: z.string(),
});
export type TNewsletterLinkAnswer = z.infer<typeof ZLinkAnswer>;

/** The footer's newsletter, double opt-in: subscribe, then the mail's confirm or unsubscribe link. */
export const newsletterContracts = {
  subscribe: contract({
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: ZNewsletterSubscribeSchema,
    status: 202,
    response: z.object({ message: z.string() }),
  }),
  confirm: contract({
    method: 'POST',
    path: '/api/newsletter/confirm',
    body: ZNewsletterTokenSchema,
    response: ZLinkAnswer,
  }),
  unsubscribe: contract({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    body: ZNewsletterTokenSchema,
    response: ZLinkAnswer,
  }),
};
