import { CONTACT } from '@sekolo/shared/constants/marketing';
import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const TERMS_DOCUMENT: ILegalDocument = {
  path: paths.legal.terms,
  title: 'Terms and Conditions',
  description:
    'The terms that apply to everyone who uses Sekolo: accounts, fees, payouts, subscriptions, refunds, liability and the law that governs them.',
  intro: [
    'These terms and conditions are the agreement between you and Sekolo when you use the Sekolo platform, website and apps. Please read them carefully: by creating an account or using Sekolo you agree to them.',
    [
      'Some parts of Sekolo have extra terms that sit alongside these: the ',
      { text: 'Terms of Service', to: paths.legal.termsOfService },
      ' for schools and other organisations, the ',
      { text: 'Terms of Use', to: paths.legal.termsOfUse },
      ' for the website, the ',
      { text: 'Service Level Agreement', to: paths.legal.serviceLevelAgreement },
      ' for business partners and our ',
      { text: 'Privacy Policy', to: paths.legal.privacyPolicy },
      '.',
    ],
  ],
  sections: [
    {
      id: 'about',
      heading: 'About Sekolo and these terms',
      blocks: [
        {
          type: 'p',
          text: `Sekolo ("Sekolo", "we", "us") runs an online platform that connects schools, parents and guardians, learners, young entrepreneurs, charities, customers and business partners. Our address is ${CONTACT.addressLine}.`,
        },
        {
          type: 'p',
          text: 'Where these terms use "you", they mean the person using Sekolo and, where you act for a school, business or charity, that organisation as well. You confirm that you have the authority to accept these terms on its behalf.',
        },
        {
          type: 'p',
          text: 'Nothing in these terms takes away rights you have under the Consumer Protection Act or any other law that cannot lawfully be excluded.',
        },
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and eligibility',
      blocks: [
        {
          type: 'ul',
          items: [
            'You must be 18 or older to open an account yourself. Learners use Sekolo through an account set up by their school, or, for young entrepreneurs, with the written consent of a parent or guardian.',
            'Parent and guardian accounts are created by schools and cannot be registered directly.',
            'Schools, business partners, charities and young entrepreneurs apply to join. Our team reviews each application and may ask for more information or decline it.',
            'Keep your details accurate and your password to yourself. You are responsible for what happens in your account; tell us straight away if you think someone else has used it.',
          ],
        },
      ],
    },
    {
      id: 'fees',
      heading: 'Fees on payments',
      blocks: [
        {
          type: 'p',
          text: `A ${FIG.transactionFee} transaction fee applies to all transactions made through Sekolo. It is added to the amount the payer pays and is shown before payment.`,
        },
        {
          type: 'p',
          text: `A ${FIG.platformCommission} platform commission is deducted from the amount due to the school or organisation that receives the payment. For example, on a ${FIG.example.amount} school fee the school gets ${FIG.example.schoolGets}, the platform ${FIG.example.platformGets}, and the parent pays ${FIG.example.parentPays}.`,
        },
        {
          type: 'p',
          text: [
            'Business partners pay the registration fees, recurring fees and commissions set out on our ',
            { text: 'pricing page', to: `${paths.pricing}#business-partners` },
            '. All prices are in South African rand and include VAT.',
          ],
        },
        {
          type: 'p',
          text: 'Card and bank details are handled by our payment provider. Sekolo never sees or stores your full card number.',
        },
      ],
    },
    {
      id: 'payouts',
      heading: 'Payouts',
      blocks: [
        {
          type: 'ul',
          items: [
            `Standard payouts run weekly to your verified bank account, with a fee of ${FIG.weeklyPayoutFee} per payout.`,
            `You may request a manual, immediate payout at any time for a fee of ${FIG.immediatePayoutFee}.`,
            'Your statement shows every payment received, every fee and commission deducted, and every payout.',
            'We may hold back a payout while we investigate suspected fraud, a chargeback or a breach of these terms, and will tell you why.',
          ],
        },
      ],
    },
    {
      id: 'subscriptions',
      heading: 'Subscriptions and the free trial',
      blocks: [
        {
          type: 'ul',
          items: [
            `Schools get a ${FIG.trialDays}-day free trial. The first subscription payment falls due ${FIG.trialDays} days after the school is approved.`,
            'Subscriptions are billed in advance and renew automatically each period until cancelled.',
            `Cancelling a subscription requires ${FIG.cancellationNotice} before the next payment. The subscription then ends at the close of the period already paid for.`,
            'You can move to a bigger or smaller package; the new price applies from the next payment.',
          ],
        },
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        {
          type: 'p',
          text: [
            'Payments are not refundable, except as required by law. Your rights under the Consumer Protection Act and the Electronic Communications and Transactions Act, including for defective goods, are not affected. Our ',
            { text: 'Refunds & Returns policy', to: paths.legal.refundsReturns },
            ' explains how this works for subscriptions, marketplace purchases, tickets and donations.',
          ],
        },
      ],
    },
    {
      id: 'marketplace',
      heading: 'Marketplace purchases',
      blocks: [
        {
          type: 'p',
          text: 'When you buy from a business partner, young entrepreneur or school on Sekolo, your contract for the goods or services is with that seller. Sekolo provides the platform and processes the payment; the seller is responsible for what it sells, its description, delivery and after-sales service.',
        },
        {
          type: 'p',
          text: 'If something goes wrong, contact the seller first. If you cannot resolve it, contact us and we will help both sides reach a fair outcome.',
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children and learners',
      blocks: [
        {
          type: 'p',
          text: [
            'We treat the personal information of anyone under 18 as a child’s information under the Protection of Personal Information Act (POPIA). It is processed only with the recorded consent of a parent or guardian or as POPIA otherwise allows. The ',
            { text: 'Privacy Policy', to: `${paths.legal.privacyPolicy}#children` },
            ' explains the details.',
          ],
        },
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      blocks: [
        {
          type: 'p',
          text: 'The Sekolo name, logo, software and website content belong to Sekolo or its licensors. You keep ownership of the content you upload, such as logos, listings and documents, and give us the right to store and show it as needed to run the service for you.',
        },
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and changes to the service',
      blocks: [
        {
          type: 'p',
          text: [
            'We work hard to keep Sekolo available and secure. Planned maintenance is announced in advance; the figures we commit to are in the ',
            { text: 'Service Level Agreement', to: paths.legal.serviceLevelAgreement },
            '. We may improve or change features over time, and will not remove a feature you pay for without notice.',
          ],
        },
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      blocks: [
        {
          type: 'p',
          text: `To the extent the law allows, Sekolo’s total liability to you for any claim arising from your use of Sekolo is capped at the amounts you paid to Sekolo in the ${FIG.liabilityCapMonths} months preceding the event that gave rise to the claim.`,
        },
        {
          type: 'p',
          text: 'We are not liable for indirect or consequential loss, such as loss of profit, or for loss caused by events beyond our reasonable control. This does not limit liability for gross negligence, fraud or anything else that cannot be limited by law.',
        },
      ],
    },
    {
      id: 'termination',
      heading: 'Suspension and closing your account',
      blocks: [
        {
          type: 'p',
          text: 'You may close your account at any time, subject to the notice periods for subscriptions and partner agreements. We may suspend or close an account that breaks these terms, puts other users at risk or is used for fraud. Where we can, we warn you first and give you a chance to put things right.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        {
          type: 'p',
          text: `We may update these terms from time to time. Material changes are announced with ${FIG.termsChangeNotice} by email and on this page before they take effect. If you do not agree with a change, you may close your account before it takes effect.`,
        },
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and disputes',
      blocks: [
        {
          type: 'p',
          text: `These terms are governed by the laws of ${FIG.governingLaw}, and the courts of ${FIG.governingLaw} have jurisdiction. Before going to court, please contact us so we can try to resolve the matter together.`,
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        {
          type: 'p',
          text: ['Questions about these terms? Email ', CONTACT_EMAIL_LINK, ` or call ${CONTACT.phone}.`],
        },
      ],
    },
  ],
};
