import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const SPONSORSHIP_TERMS_DOCUMENT: ILegalDocument = {
  path: paths.legal.sponsorshipTerms,
  title: 'Sponsorship Terms',
  description:
    'The terms for businesses and individuals who sponsor a school, event, team or campaign through Sekolo: agreements, payments, recognition and protecting learners.',
  intro: [
    [
      'Sponsors help schools do more: a new netball kit, a maths olympiad, a reading corner. These terms apply when a business or person sponsors a school, event, team or fundraising campaign through Sekolo, together with our general ',
      { text: 'Terms and Conditions', to: paths.legal.terms },
      '.',
    ],
  ],
  sections: [
    {
      id: 'what-sponsorship-is',
      heading: 'What a sponsorship is',
      blocks: [
        {
          type: 'p',
          text: 'A sponsorship is money, goods or services given to a school or charity in return for agreed recognition, such as the sponsor’s name and logo on an event page. A gift with nothing in return is a donation, which the fundraising features handle.',
        },
      ],
    },
    {
      id: 'agreeing',
      heading: 'Agreeing a sponsorship',
      blocks: [
        {
          type: 'ul',
          items: [
            'The school or charity decides whether to accept a sponsorship and may decline any offer without giving reasons.',
            'Before payment, both sides agree in writing on Sekolo what is sponsored, the amount or goods, the recognition the sponsor receives and for how long.',
            'Sponsors must be approved Sekolo business partners or organisations, or individuals whose identity we have checked.',
          ],
        },
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      blocks: [
        {
          type: 'p',
          text: `Sponsorship payments are made through Sekolo. The sponsor pays a ${FIG.processingFee} processing fee on top of the amount, and a ${FIG.platformCommission} platform commission is deducted from the school’s or charity’s side. The school or charity receives its share in the weekly payout.`,
        },
      ],
    },
    {
      id: 'recognition',
      heading: 'Recognition and branding',
      blocks: [
        {
          type: 'ul',
          items: [
            'The school or charity approves how the sponsor is shown, and the sponsor confirms it has the right to the logos and names it provides.',
            'Recognition must be suitable for children. Sponsorships may not promote alcohol, tobacco, vaping products, gambling or any product that may not lawfully be sold to children.',
            'Marketing that reaches learners must follow the Consumer Protection Act and the advertising code that applies to children.',
          ],
        },
      ],
    },
    {
      id: 'learner-protection',
      heading: 'No access to learners or their information',
      blocks: [
        {
          type: 'p',
          text: 'A sponsorship never gives a sponsor access to learners’ personal information, the right to contact learners or families directly, or any say in admissions, teaching or school decisions.',
        },
      ],
    },
    {
      id: 'tax',
      heading: 'Tax',
      blocks: [
        {
          type: 'p',
          text: 'A sponsorship paid in return for advertising or recognition is usually not a donation for tax purposes. Section 18A receipts can only be issued by an approved public benefit organisation for qualifying donations. Sekolo does not give tax advice; ask your own adviser.',
        },
      ],
    },
    {
      id: 'changes-and-ending',
      heading: 'Cancellations and ending a sponsorship',
      blocks: [
        {
          type: 'ul',
          items: [
            'If a sponsored event is cancelled, the school and the sponsor agree whether the sponsorship moves to another event or the unused amount is refunded through Sekolo.',
            `Either side may end an ongoing sponsorship with ${FIG.sla.terminationNotice}’ written notice. Amounts for recognition already given are not refunded.`,
            'We may remove sponsor recognition that breaks these terms.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [{ type: 'p', text: ['Interested in sponsoring a school? Email ', CONTACT_EMAIL_LINK, ' and we will put you in touch.'] }],
    },
  ],
};
