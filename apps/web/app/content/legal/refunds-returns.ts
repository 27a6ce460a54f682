import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const REFUNDS_RETURNS_DOCUMENT: ILegalDocument = {
  path: paths.legal.refundsReturns,
  title: 'Refunds & Returns',
  description:
    'When payments on Sekolo can be refunded: subscriptions, partner fees, marketplace goods and services, event tickets and donations, and how to ask for a refund.',
  intro: [
    'Payments made through Sekolo are not refundable, except as required by law or as set out below. The law gives consumers important rights, and this policy never takes them away.',
  ],
  sections: [
    {
      id: 'subscriptions',
      heading: 'School subscriptions',
      blocks: [
        {
          type: 'ul',
          items: [
            `Every school starts with a ${FIG.trialDays}-day free trial, so you can try Sekolo before you pay anything.`,
            `To stop paying, cancel with ${FIG.cancellationNotice} before your next payment. Your package stays active until the end of the period you paid for.`,
            'Subscription fees already paid are not refunded, except as required by law.',
            'If we charge you in error, for example twice for the same month, we refund the extra charge in full.',
          ],
        },
      ],
    },
    {
      id: 'partner-fees',
      heading: 'Business partner fees',
      blocks: [
        {
          type: 'p',
          text: 'Registration fees cover the review of your application and are not refundable once the review has started, except as required by law. Recurring fees and tier add-ons stop when your agreement ends; amounts already paid are not refunded.',
        },
      ],
    },
    {
      id: 'goods',
      heading: 'Goods bought in the marketplace',
      blocks: [
        {
          type: 'p',
          text: 'Goods are sold by the business partner, young entrepreneur or school that listed them, and returns are handled by that seller. Your rights under the Consumer Protection Act include:',
        },
        {
          type: 'ul',
          items: [
            'Defective goods: if goods fail or are unsafe within six months of delivery, you may return them and choose a repair, a replacement or a refund.',
            'Goods bought online: where the Electronic Communications and Transactions Act gives you a cooling-off right, you may cancel within seven days of receiving the goods, without giving a reason. You pay only the direct cost of returning them.',
            'Goods that do not match their description: you may return them for a replacement or a refund.',
          ],
        },
        {
          type: 'p',
          text: 'The cooling-off right does not apply to some goods, for example goods made to your specification (such as a uniform with a learner’s name embroidered) or food that can spoil.',
        },
      ],
    },
    {
      id: 'services',
      heading: 'Services, lessons and bookings',
      blocks: [
        {
          type: 'ul',
          items: [
            'Tutoring, extramural activities and facility rentals follow the cancellation terms the provider shows before you book.',
            'If the provider cancels, you get a full refund, or another date if you prefer.',
            'If a service was not delivered as described, contact the provider first; if you cannot agree, contact us.',
          ],
        },
      ],
    },
    {
      id: 'tickets',
      heading: 'Event tickets',
      blocks: [
        {
          type: 'p',
          text: 'Tickets are not refundable if you cannot attend. If an event is cancelled, you get a full refund. If it moves to a new date and you cannot attend, you may ask for a refund before the new date.',
        },
      ],
    },
    {
      id: 'donations',
      heading: 'Donations and sponsorships',
      blocks: [
        {
          type: 'p',
          text: 'Donations go to a cause, so they are not refundable, except where a donation was made in error (for example a duplicated payment) or as required by law. Please contact us within 14 days if that happens.',
        },
      ],
    },
    {
      id: 'how-refunds-are-paid',
      heading: 'How refunds are paid',
      blocks: [
        {
          type: 'ul',
          items: [
            'Refunds go back to the card or account you paid with.',
            `When a purchase is refunded in full, the ${FIG.processingFee} processing fee you paid on it is refunded too.`,
            'We process approved refunds within 10 business days. Your bank may take a few more days to show the money.',
            'Where a payment was made with a voucher, the refunded value goes back onto the voucher.',
          ],
        },
      ],
    },
    {
      id: 'request',
      heading: 'How to ask for a refund or return',
      blocks: [
        {
          type: 'ol',
          items: [
            'Contact the seller or school through your Sekolo account, with your order details and what went wrong.',
            `The seller must reply within their service level: business partners answer within ${FIG.sla.inquiryResponse}.`,
            ['If you cannot agree, or the seller does not reply, email ', CONTACT_EMAIL_LINK, ' with your order details. We will look into it and help both sides reach a fair outcome.'],
          ],
        },
      ],
    },
  ],
};
