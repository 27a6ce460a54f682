import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicFormsContracts as api } from '@sekolo/shared/contracts/public-forms';
import { fromContract } from '../../platform/http/contract-route.ts';
import { rejectHoneypot } from '../../platform/lib/honeypot.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { sendContactMessage } from './send-contact-message.ts';

/** /contact and /contact-specialists. Prefix /api/contact. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(app, api.contact),
    // One limit per form: /contact and /contact-specialists.
    preHandler: limitPerClientAddress({
      name: (request) => `contact-${(request.body as { kind: string }).kind}`,
      limit: 10,
      windowMs: 10 * 60 * 1000,
      what: 'messages',
    }),
    handler: async (request, reply) => {
      rejectHoneypot(request.body.website);
      const stored = await sendContactMessage(app.deps, request.body);
      return reply.status(201).send({
        id: stored.id,
        kind: stored.kind,
        message:
          stored.kind === 'specialists'
            ? 'Thank you. A Sekolo specialist will contact you within 48 hours. We have sent a copy of your enquiry to your e-mail address.'
            : 'Thank you. Your message has been sent and we will reply within 48 hours. We have sent a copy to your e-mail address.',
      });
    },
  });
};
