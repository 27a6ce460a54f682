import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '@sekolo/shared/schemas/public-forms';
import { newsletterContracts as api } from '@sekolo/shared/contracts/newsletter';
import { fromContract } from '../../platform/http/contract-route.ts';
import { rejectHoneypot } from '../../platform/lib/honeypot.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { subscribeToNewsletter } from './subscribe-to-newsletter.ts';
import { confirmNewsletterSubscription } from './confirm-newsletter-subscription.ts';
import { unsubscribeFromNewsletter } from './unsubscribe-from-newsletter.ts';

export const FORM_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 };

/** Footer newsletter, double opt-in. Prefix /api/newsletter. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(app, api.subscribe),
    preHandler: limitPerClientAddress({ name: 'newsletter', ...FORM_LIMIT, what: 'subscription requests' }),
    handler: async (request, reply) => {
      rejectHoneypot(request.body.website);
      await subscribeToNewsletter(app.deps, { email: request.body.email, source: 'footer' });
      // The same answer for new, pending and confirmed addresses: no one learns who is subscribed.
      return reply.status(202).send({ message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    },
  });

  app.route({
    ...fromContract(app, api.confirm),
    preHandler: limitPerClientAddress({ name: 'newsletter-link', limit: 30, windowMs: 10 * 60 * 1000, what: 'attempts' }),
    handler: async (request) => {
      const result = await confirmNewsletterSubscription(app.deps, request.body.token);
      return {
        status: result.status,
        email: result.email,
        message: result.changed ? 'Your subscription is confirmed.' : 'Your subscription was already confirmed.',
      };
    },
  });

  app.route({
    ...fromContract(app, api.unsubscribe),
    preHandler: limitPerClientAddress({ name: 'newsletter-link', limit: 30, windowMs: 10 * 60 * 1000, what: 'attempts' }),
    handler: async (request) => {
      const result = await unsubscribeFromNewsletter(app.deps, request.body.token);
      return {
        status: result.status,
        email: result.email,
        message: result.changed ? 'You have been unsubscribed.' : 'You were already unsubscribed.',
      };
    },
  });
};
