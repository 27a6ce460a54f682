import { CONTACT } from '@sekolo/shared/constants/marketing';
import { PRIVACY_EMAIL } from '../site';
import { FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

const PRIVACY_EMAIL_LINK = { text: PRIVACY_EMAIL, to: `mailto:${PRIVACY_EMAIL}` } as const;

export const PRIVACY_POLICY_DOCUMENT: ILegalDocument = {
  path: paths.legal.privacyPolicy,
  title: 'Privacy Policy',
  description:
    'How Sekolo collects, uses, shares and protects personal information under POPIA, including the information of children and learners, and the rights you have.',
  intro: [
    'Schools trust Sekolo with information about children and their families. We take that seriously. This policy explains what personal information we collect, why, who we share it with, how we protect it and what rights you have under the Protection of Personal Information Act, 2013 (POPIA).',
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        {
          type: 'p',
          text: ['Sekolo is responsible for the personal information of the people who register with us and use our website. Our information officer can be reached at ', PRIVACY_EMAIL_LINK, ` or at ${CONTACT.addressLine}.`],
        },
        {
          type: 'p',
          text: 'For the learner, parent and staff records that a school keeps on Sekolo, the school is the responsible party and decides how the information is used; Sekolo processes it on the school’s behalf as its operator. Questions about those records are best sent to the school first.',
        },
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      blocks: [
        {
          type: 'dl',
          items: [
            { term: 'Account details', detail: 'Your name, email address, phone number, password (stored only as a secure hash) and your role.' },
            {
              term: 'Applications',
              detail: 'Details of your school, business or charity, banking details for payouts, and documents such as registration certificates, proof of address and identity documents.',
            },
            {
              term: 'School records',
              detail: 'Information schools add about learners, guardians and staff: names, grades, classes, attendance, marks, fees and messages.',
            },
            {
              term: 'Young entrepreneurs',
              detail: 'Shop details, date of birth, school and grade, and the details and signed consent of a parent or guardian.',
            },
            {
              term: 'Payments',
              detail: 'What was paid, by whom, to whom and when. Card details go directly to our payment provider; we never see or store your full card number.',
            },
            {
              term: 'Technical information',
              detail: 'Security logs such as sign-in times and IP addresses, kept to protect accounts and investigate misuse.',
            },
            { term: 'Messages to us', detail: 'What you tell us when you contact us, book a demo or subscribe to our newsletter.' },
          ],
        },
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use it',
      blocks: [
        {
          type: 'ul',
          items: [
            'To create and run your account and provide the services you or your school signed up for.',
            'To review applications and check that schools, partners and charities are who they say they are.',
            'To process payments, pay out funds and keep the financial records the law requires.',
            'To send you service messages, such as payment receipts, application updates and security alerts.',
            'To keep Sekolo secure, prevent fraud and protect children.',
            'To send our newsletter, only if you subscribed and confirmed your subscription.',
          ],
        },
        {
          type: 'p',
          text: 'We process information because it is needed to carry out our agreement with you, because the law requires it, because it is in the legitimate interest of keeping the platform safe, or because you (or a parent or guardian) consented. We never sell personal information, and we do not use it for advertising.',
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children’s information',
      blocks: [
        {
          type: 'p',
          text: 'POPIA treats everyone under the age of 18 as a child. A child’s personal information deserves special care, and we handle it on these terms:',
        },
        {
          type: 'ul',
          items: [
            'We process a learner’s or young entrepreneur’s personal information only with the consent of a parent or guardian, or where POPIA otherwise allows it (for example, where a school must keep records by law).',
            'We record each guardian consent: who gave it, for which child, for what purpose and when. A guardian may withdraw consent at any time by contacting the school or us.',
            `Children under ${FIG.guardianConsentUnderAge} may use Sekolo only with the consent of a parent or guardian, through an account set up by their school or with their guardian.`,
            'Access to a child’s records is limited to the people who need it: the child’s school, the child’s own parents or guardians and, for reviews, our team. Every time someone opens or exports a child’s record, it is logged.',
            'We do not show children advertising and do not build marketing profiles of children.',
          ],
        },
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        {
          type: 'ul',
          items: [
            'Your school, for information that belongs to the school’s records.',
            'Sellers you buy from, with only what they need to deliver your order.',
            'Our payment provider, to process payments and payouts.',
            'Service providers that host our systems, store files and send email on our behalf, under written agreements that require them to protect the information.',
            'Authorities, where the law requires it, or where needed to protect someone’s safety.',
          ],
        },
        {
          type: 'p',
          text: 'Where a service provider stores information outside South Africa, we make sure the country or the agreement gives protection similar to POPIA, as section 72 of POPIA requires.',
        },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          type: 'p',
          text: 'We keep personal information only as long as we need it for the purpose it was collected for, or as long as the law requires. Financial records are kept for at least five years, as tax law requires. When an account closes, we delete or anonymise the rest of the information, except where a school must keep its own records for longer.',
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      blocks: [
        {
          type: 'ul',
          items: [
            'Information is encrypted in transit, and passwords are stored as secure hashes.',
            'Uploaded documents are kept in private storage and shown only to their owner, their organisation’s administrators and our review team.',
            'Staff access is limited to what each role needs, and access to sensitive records is logged.',
            'If a breach puts your information at risk, we will tell you and the Information Regulator as POPIA requires.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        {
          type: 'p',
          text: 'You have the right to ask what information we hold about you, to have it corrected or deleted, to object to its use, and to withdraw consent you gave. Parents and guardians can exercise these rights for their children.',
        },
        {
          type: 'p',
          text: ['Email ', PRIVACY_EMAIL_LINK, ' to make a request. We answer within 30 days. We may ask you to confirm your identity first, to protect your information.'],
        },
        {
          type: 'p',
          text: [
            'If you are unhappy with how we handled your information, you may complain to the Information Regulator (South Africa) at ',
            { text: 'inforegulator.org.za', to: 'https://inforegulator.org.za' },
            '.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        {
          type: 'p',
          text: [
            'We use only the cookies Sekolo needs to work, such as the one that keeps you signed in. The ',
            { text: 'Cookie Policy', to: paths.legal.cookiePolicy },
            ' lists them.',
          ],
        },
      ],
    },
    {
      id: 'marketing',
      heading: 'Newsletter and marketing',
      blocks: [
        {
          type: 'p',
          text: 'We send our newsletter only to people who subscribed and then confirmed by clicking the link in our email. Every newsletter has an unsubscribe link that works with one click.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          type: 'p',
          text: `We will tell you about material changes to this policy by email and on this page, with ${FIG.termsChangeNotice} before they take effect.`,
        },
      ],
    },
  ],
};
