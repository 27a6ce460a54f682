import { MULTI_ROLE_RECURRING_SHARE_BPS } from '@sekolo/shared/constants/fees';
import { BUSINESS_PARTNER_TYPES } from '@sekolo/shared/constants/roles';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import { formatPercentFromBps } from '../format';
import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

const registrationFees = BUSINESS_PARTNER_TYPES.map((type) => `${type.label}: ${formatZarWhole(FIG.registrationFees[type.id])}`).join('; ');

export const TERMS_OF_SERVICE_DOCUMENT: ILegalDocument = {
  path: paths.legal.termsOfService,
  title: 'Terms of Service',
  description:
    'The terms for schools, business partners, charities and young entrepreneurs who offer their services on Sekolo: applications, subscriptions, fees, payouts and data responsibilities.',
  intro: [
    [
      'These terms of service apply to organisations and sellers that use Sekolo to run their work: schools, business partners, charities and young entrepreneurs. They add to our general ',
      { text: 'Terms and Conditions', to: paths.legal.terms },
      ', which also apply. Where the two differ on a point about providing services, these terms win.',
    ],
  ],
  sections: [
    {
      id: 'applications',
      heading: 'Applying and approval',
      blocks: [
        {
          type: 'ul',
          items: [
            'You apply through the registration wizard, with your organisation’s details and the documents we ask for, such as a registration certificate, proof of banking and the identity document of the person applying.',
            'The information you give must be true and complete, and you must be authorised to act for the organisation.',
            'Our team reviews every application. We may ask for changes or more documents, approve it, or decline it with a reason. You get an email when a decision is made.',
            'Your dashboard and public listing open only after approval.',
          ],
        },
      ],
    },
    {
      id: 'school-subscriptions',
      heading: 'School subscriptions',
      blocks: [
        {
          type: 'ul',
          items: [
            [
              'Schools choose a monthly package by the number of learners. The current packages and prices are on the ',
              { text: 'pricing page', to: `${paths.pricing}#schools` },
              '. Every package includes every feature.',
            ],
            `Every school starts with a ${FIG.trialDays}-day free trial. We set up the subscription at checkout and the first payment falls due ${FIG.trialDays} days after approval.`,
            'If your school grows past the learner limit of its package, we will ask you to move to a bigger package.',
            `To cancel, give ${FIG.cancellationNotice} before the next payment. Fees already paid are not refunded, except as required by law.`,
            `We announce price changes with ${FIG.termsChangeNotice} before they apply to you.`,
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
          text: `Business partners pay a once-off registration fee per partner type (${registrationFees}), the recurring fee for their type, any tier add-on they choose, and a commission on sales. With more than one partner type, you pay ${formatPercentFromBps(MULTI_ROLE_RECURRING_SHARE_BPS)} of the combined recurring fees.`,
        },
        {
          type: 'p',
          text: 'Commission tiers for product vendors and service providers:',
        },
        { type: 'ul', items: FIG.commissionTiers },
        {
          type: 'p',
          text: [
            `Tutors pay ${FIG.tutorCommission} commission on lessons booked through Sekolo. The full fee table is on the `,
            { text: 'pricing page', to: `${paths.pricing}#business-partners` },
            '.',
          ],
        },
      ],
    },
    {
      id: 'free-members',
      heading: 'Charities and young entrepreneurs',
      blocks: [
        {
          type: 'p',
          text: 'Charities and young entrepreneurs pay no registration or subscription fee. Their applications are submitted for review without a checkout.',
        },
        {
          type: 'p',
          text: 'A young entrepreneur’s shop needs the signed consent of a parent or guardian, who accepts responsibility for the young entrepreneur’s acts on Sekolo and must be reachable by us.',
        },
      ],
    },
    {
      id: 'payments-received',
      heading: 'Payments you receive',
      blocks: [
        {
          type: 'ul',
          items: [
            `The payer pays a ${FIG.processingFee} processing fee on top of your price. A ${FIG.platformCommission} platform commission is deducted from your side of each payment: on ${FIG.example.amount} you receive ${FIG.example.schoolGets}.`,
            `Standard payouts run weekly, with a ${FIG.weeklyPayoutFee} fee per payout. Immediate manual payouts cost ${FIG.immediatePayoutFee}.`,
            'Payouts go only to the bank account verified during your application. Changing it needs the same proof again.',
            'If a payment is refunded or reversed by a chargeback, the amount is deducted from your next payout.',
          ],
        },
      ],
    },
    {
      id: 'data-responsibilities',
      heading: 'Your responsibilities for personal information',
      blocks: [
        {
          type: 'p',
          text: 'For the learner, parent and staff records a school keeps on Sekolo, the school is the responsible party under POPIA and Sekolo processes the information on the school’s behalf as its operator. We process it only to provide the service, keep it secure and do not use it for anything else.',
        },
        {
          type: 'ul',
          items: [
            'Collect only what you need, keep it accurate and tell families how you use it.',
            'Obtain and record the consent of a parent or guardian where POPIA requires it for a child’s information.',
            'Give staff access only to what their role needs, and remove access when someone leaves.',
            'Tell us without delay if you suspect a security compromise involving your account.',
          ],
        },
      ],
    },
    {
      id: 'service-levels',
      heading: 'Service levels',
      blocks: [
        {
          type: 'p',
          text: [
            `We aim for ${FIG.sla.uptime} platform availability and announce planned maintenance at least ${FIG.sla.maintenanceNotice} ahead. Business partners are also bound by the `,
            { text: 'Service Level Agreement', to: paths.legal.serviceLevelAgreement },
            ', which sets out response times, ratings and payouts.',
          ],
        },
      ],
    },
    {
      id: 'ending',
      heading: 'Ending the service',
      blocks: [
        {
          type: 'p',
          text: `A school ends its subscription with ${FIG.cancellationNotice} before the next payment. A business partner or Sekolo may end a partner agreement with ${FIG.sla.terminationNotice}’ written notice. Either of us may end the agreement at once for a serious breach that is not put right after a warning.`,
        },
        {
          type: 'p',
          text: 'Before your account closes, you can ask us for a copy of your records. After closing, we delete or anonymise your information, except what the law requires us to keep, such as financial records.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [{ type: 'p', text: ['Questions about these terms? Email ', CONTACT_EMAIL_LINK, '.'] }],
    },
  ],
};
