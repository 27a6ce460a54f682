import { CONTACT } from '@sekolo/shared/constants/marketing';
import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const SERVICE_LEVEL_AGREEMENT_DOCUMENT: ILegalDocument = {
  path: paths.legal.serviceLevelAgreement,
  title: 'Service Level Agreement',
  description: `What Sekolo and its business partners commit to: ${FIG.sla.uptime} uptime, payouts within ${FIG.sla.payout}, support hours, response times, minimum ratings and how disputes are resolved.`,
  intro: [
    'This service level agreement (SLA) sets out what Sekolo commits to for business partners, and what business partners commit to for the schools and families they serve. Business partners accept it during registration. It forms part of our Terms of Service.',
  ],
  sections: [
    {
      id: 'key-figures',
      heading: 'Key figures at a glance',
      blocks: [
        {
          type: 'dl',
          items: [
            { term: 'Payouts', detail: `Within ${FIG.sla.payout}` },
            { term: 'Platform uptime target', detail: FIG.sla.uptime },
            { term: 'Maintenance notice', detail: `At least ${FIG.sla.maintenanceNotice}` },
            { term: 'Support hours', detail: FIG.sla.supportHours },
            { term: 'Customer inquiries answered', detail: `Within ${FIG.sla.inquiryResponse}` },
            { term: 'Minimum customer rating', detail: FIG.sla.minimumRating },
            { term: 'Termination notice', detail: `${FIG.sla.terminationNotice}` },
            { term: 'Liability cap', detail: `${FIG.sla.liabilityCap} of fees` },
            { term: 'Disputes', detail: `Arbitration under ${FIG.sla.law}` },
          ],
        },
      ],
    },
    {
      id: 'availability',
      heading: 'Platform availability',
      blocks: [
        {
          type: 'p',
          text: `Sekolo aims to be available ${FIG.sla.uptime} of the time in each calendar month. Planned maintenance is announced at least ${FIG.sla.maintenanceNotice} in advance, by email and in your dashboard, and is scheduled outside school hours where possible; it does not count as downtime. Urgent security fixes may need shorter notice.`,
        },
      ],
    },
    {
      id: 'support',
      heading: 'Support',
      blocks: [
        {
          type: 'p',
          text: ['Our support team is available ', FIG.sla.supportHours, ', except on South African public holidays. Email ', CONTACT_EMAIL_LINK, ` or call ${CONTACT.phone}.`],
        },
      ],
    },
    {
      id: 'payouts',
      heading: 'Payouts',
      blocks: [
        {
          type: 'p',
          text: `Money from completed sales is paid out to your verified bank account within ${FIG.sla.payout}. Standard payouts run weekly, with a ${FIG.weeklyPayoutFee} fee per payout; an immediate manual payout costs ${FIG.immediatePayoutFee}. A payout may be held while a chargeback, refund request or suspected fraud is investigated; we tell you when that happens.`,
        },
      ],
    },
    {
      id: 'partner-commitments',
      heading: 'What business partners commit to',
      blocks: [
        {
          type: 'ul',
          items: [
            `Answer customer inquiries within ${FIG.sla.inquiryResponse}.`,
            `Keep an average customer rating of at least ${FIG.sla.minimumRating}.`,
            'Describe products and services accurately, with correct prices and availability, and deliver what was ordered, when promised.',
            'Hold the registrations, licences and qualifications your work requires, and keep them current on your profile.',
            'For anyone working directly with learners, such as tutors and coaches, hold a current police clearance and be able to show that you are not listed on the National Register for Sex Offenders.',
            'Handle learners’ and families’ personal information only for the order or booking, and as POPIA requires.',
          ],
        },
      ],
    },
    {
      id: 'performance',
      heading: 'When standards are not met',
      blocks: [
        {
          type: 'p',
          text: `If a partner’s rating falls below ${FIG.sla.minimumRating}, or inquiries regularly go unanswered, we contact the partner and agree on a plan to improve. If things do not improve within a reasonable time, we may pause the partner’s listings or end the agreement.`,
        },
      ],
    },
    {
      id: 'fees',
      heading: 'Fees and commission',
      blocks: [
        {
          type: 'p',
          text: [
            'Registration fees, recurring fees, tier add-ons and commissions are as chosen during registration and shown on the ',
            { text: 'pricing page', to: `${paths.pricing}#business-partners` },
            `. Buyers pay the ${FIG.processingFee} processing fee.`,
          ],
        },
      ],
    },
    {
      id: 'termination',
      heading: 'Ending the agreement',
      blocks: [
        {
          type: 'p',
          text: `Either party may end this agreement with ${FIG.sla.terminationNotice}’ written notice. Either party may end it immediately if the other commits a serious breach and does not put it right within a reasonable time after being asked to. Orders and bookings already accepted must still be completed or refunded.`,
        },
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      blocks: [
        {
          type: 'p',
          text: `To the extent the law allows, each party’s total liability under this agreement is capped at the fees paid by the partner to Sekolo in the ${FIG.sla.liabilityCap} before the claim arose.`,
        },
      ],
    },
    {
      id: 'disputes',
      heading: 'Disputes',
      blocks: [
        {
          type: 'p',
          text: `We will first try to resolve any dispute by talking to each other in good faith. If that does not work within 30 days, the dispute will be settled by arbitration under ${FIG.sla.law}, in terms of the Arbitration Act, 1965, in Johannesburg, before a single arbitrator agreed by both parties.`,
        },
      ],
    },
  ],
};
