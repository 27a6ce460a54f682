import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDemoBookingSchema } from '@sekolo/shared/schemas/public-forms';
import { rejectHoneypot } from '../../platform/lib/honeypot.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { bookDemo } from './book-demo.ts';

/** /demo. Prefix /api/demo-bookings. */
export const demoBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { body: ZDemoBookingSchema },
      preHandler: limitPerClientAddress({
        name: 'demo-booking',
        limit: 10,
        windowMs: 10 * 60 * 1000,
        what: 'booking requests',
      }),
    },
    async (request, reply) => {
      rejectHoneypot(request.body.website);
      const booking = await bookDemo(app.deps, request.body);
      return reply.status(201).send({
        message: 'Thank you. Your demo request is booked and we have e-mailed you the details.',
        booking: {
          id: booking.id,
          name: booking.name,
          email: booking.email,
          phone: booking.phone,
          schoolName: booking.schoolName,
          role: booking.role,
          learnerCount: booking.learnerCount,
          preferredDate: booking.preferredDate,
          preferredTime: booking.preferredTime,
          notes: booking.notes,
          status: booking.status,
        },
      });
    },
  );
};
