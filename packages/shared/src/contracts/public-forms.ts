import { z } from 'zod';
import { DEMO_ROLE_IDS, DEMO_TIME_SLOT_IDS } from '../constants/public-forms.ts';
import { CONTACT_KINDS, ZContactMessageSchema, ZDemoBookingSchema } from '../schemas/public-forms.ts';
import { contract } from './contract.ts';

const ZContactAnswer = z.object({ id: z.string(), kind: z.enum(CONTACT_KINDS), message: z.string() });
export type TContactAnswer = z.infer<typeof ZContactAnswer>;

const ZBookedDemo = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  schoolName: z.string(),
  role: z.enum(DEMO_ROLE_IDS),
  learnerCount: z.number(),
  preferredDate: z.string(),
  preferredTime: z.enum(DEMO_TIME_SLOT_IDS),
  notes: z.string(),
  status: z.enum(['requested', 'confirmed', 'cancelled']),
});
export type TBookedDemo = z.infer<typeof ZBookedDemo>;
const ZBookDemoAnswer = z.object({ message: z.string(), booking: ZBookedDemo });
export type TBookDemoAnswer = z.infer<typeof ZBookDemoAnswer>;

/** The public site's forms: /contact and /contact-specialists, and /demo. */
export const publicFormsContracts = {
  contact: contract({
    method: 'POST',
    path: '/api/contact',
    body: ZContactMessageSchema,
    status: 201,
    response: ZContactAnswer,
  }),
  bookDemo: contract({
    method: 'POST',
    path: '/api/demo-bookings',
    body: ZDemoBookingSchema,
    status: 201,
    response: ZBookDemoAnswer,
  }),
};
