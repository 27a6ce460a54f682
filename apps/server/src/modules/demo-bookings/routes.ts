import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import { publicFormsContracts as api } from '@sekolo/shared/contracts/public-forms';
import { fromContract } from '../../platform/http/contract-route.ts';
import { rejectHoneypot } from '../../platform/lib/honeypot.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { bookDemo } from './book-demo.ts';

/** /demo. Prefix /api/demo-bookings. */
export const demoBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(app, api.bookDemo),
    preHandler: limitPerClientAddress({
      name: 'demo-booking',
      limit: 10,
      windowMs: 10 * 60 * 1000,
      what: 'booking requests',
    }),
    handler: async (request, reply) => {
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
          // Stored from the validated request: one of its roles and time slots.
          role: booking.role as TDemoBooking['role'],
          learnerCount: booking.learnerCount,
          preferredDate: booking.preferredDate,
          preferredTime: booking.preferredTime as TDemoBooking['preferredTime'],
          notes: booking.notes,
          status: booking.status,
        },
      });
    },
  });
};
