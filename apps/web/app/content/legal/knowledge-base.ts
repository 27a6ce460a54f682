import { SHOP_CATEGORIES } from '@sekolo/shared/constants/enumerations';
import { CONTACT } from '@sekolo/shared/constants/marketing';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import { formatCount } from '../format';
import { SECURITY_EMAIL } from '../site';
import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

const smallest = SCHOOL_PACKAGES[0];
const largest = SCHOOL_PACKAGES.at(-1) ?? smallest;
const shopCategories = SHOP_CATEGORIES.filter((category) => category.id !== 'other')
  .map((category) => category.label)
  .join(', ');

export const KNOWLEDGE_BASE_DOCUMENT: ILegalDocument = {
  path: paths.legal.knowledgeBase,
  title: 'Knowledge Base',
  description:
    'Answers to common questions about Sekolo: registering, approval, school packages, parent accounts, business partner fees, young entrepreneurs, payments, payouts and account security.',
  intro: [
    [
      'Quick answers to the questions we hear most. Cannot find yours? ',
      { text: 'Contact us', to: paths.contact },
      ` or email `,
      CONTACT_EMAIL_LINK,
      '.',
    ],
  ],
  sections: [
    {
      id: 'getting-started',
      heading: 'Getting started',
      blocks: [
        {
          type: 'qa',
          question: 'Who can register on Sekolo?',
          answer: [
            'Schools (through a school administrator), business partners, charities, young entrepreneurs and customers. Tutors, product vendors and service providers must register as Business Partners. Parents and guardians do not register themselves: their school creates their account.',
          ],
        },
        {
          type: 'qa',
          question: 'What happens after I apply?',
          answer: [
            'You get a confirmation email, and our team reviews your application and documents. If anything is missing we email you to ask for it. Once you are approved, we email you again and your dashboard opens.',
          ],
        },
        {
          type: 'qa',
          question: 'Can I finish my application later, or on another device?',
          answer: [
            'Yes. Your application is saved as you go, uploaded documents included. Sign in with the email and password you registered with, on any device, and carry on where you stopped.',
          ],
        },
        {
          type: 'qa',
          question: 'Can I see Sekolo before I sign up?',
          answer: [
            [
              'Yes. ',
              { text: 'Book a demo', to: paths.demo },
              ' and one of our team will take you through it, or start the free trial straight away.',
            ],
          ],
        },
      ],
    },
    {
      id: 'schools',
      heading: 'For schools',
      blocks: [
        {
          type: 'qa',
          question: 'How much does Sekolo cost for a school?',
          answer: [
            [
              `Packages start at ${formatZarWhole(smallest.priceCents)} per month for up to ${formatCount(smallest.students)} learners and go up to ${formatZarWhole(largest.priceCents)} per month for up to ${formatCount(largest.students)} learners. Every package includes every feature, and prices include VAT. See `,
              { text: 'pricing', to: `${paths.pricing}#schools` },
              '.',
            ],
          ],
        },
        {
          type: 'qa',
          question: 'How does the free trial work?',
          answer: [
            `Every school gets ${FIG.trialDays} days free. You choose a package and set up payment during registration, and the first payment falls due ${FIG.trialDays} days after your school is approved.`,
          ],
        },
        {
          type: 'qa',
          question: 'How do we cancel?',
          answer: [
            `Give ${FIG.cancellationNotice} before your next payment. Your package stays active until the end of the period you have paid for.`,
          ],
        },
        {
          type: 'qa',
          question: 'How do parents get access?',
          answer: [
            'The school creates parent and guardian accounts and links them to their children. Once your account exists, you sign in and see only your own children’s information.',
          ],
        },
        {
          type: 'qa',
          question: 'What do online fee payments cost the school?',
          answer: [
            `A ${FIG.platformCommission} platform commission on the amount received. The parent pays a ${FIG.processingFee} processing fee on top. On a ${FIG.example.amount} fee, the school gets ${FIG.example.schoolGets}, the platform ${FIG.example.platformGets}, and the parent pays ${FIG.example.parentPays}.`,
          ],
        },
      ],
    },
    {
      id: 'parents',
      heading: 'For parents and guardians',
      blocks: [
        {
          type: 'qa',
          question: 'How do I get a parent account?',
          answer: [
            'Your child’s school creates it for you; parent accounts cannot be registered directly. If your school uses Sekolo and you have not received an invitation, ask the school office to add you with your email address.',
          ],
        },
        {
          type: 'qa',
          question: 'What can I do in my account?',
          answer: [
            'See your child’s attendance and marks, read messages from the school, pay school fees, buy from the school shop, book extramural activities and buy event tickets.',
          ],
        },
        {
          type: 'qa',
          question: 'Why is there a processing fee?',
          answer: [
            `A ${FIG.processingFee} processing fee covers the cost of taking payments safely online. It is shown before you pay and is included in your receipt.`,
          ],
        },
        {
          type: 'qa',
          question: 'Who can see my child’s information?',
          answer: [
            [
              'Only the school staff who need it, you and any other guardian linked to your child. Every time someone opens or exports a child’s record, it is logged. Read more in our ',
              { text: 'Privacy Policy', to: `${paths.legal.privacyPolicy}#children` },
              '.',
            ],
          ],
        },
      ],
    },
    {
      id: 'business-partners',
      heading: 'For business partners',
      blocks: [
        {
          type: 'qa',
          question: 'Which partner type should I choose?',
          answer: [
            'Tutor / Course Provider if you teach; Product Vendor if you sell goods; Service Provider if you provide services such as transport, catering or maintenance; Consultant if you advise schools. You can choose more than one, and then pay half of the combined recurring fees.',
          ],
        },
        {
          type: 'qa',
          question: 'What does it cost?',
          answer: [
            [
              'A once-off registration fee and a recurring fee for your type, plus a commission on sales that you can lower with a monthly tier. The full table is on the ',
              { text: 'pricing page', to: `${paths.pricing}#business-partners` },
              '.',
            ],
          ],
        },
        {
          type: 'qa',
          question: 'When do I get paid?',
          answer: [
            `Within ${FIG.sla.payout}. Payouts run weekly to your verified bank account for ${FIG.weeklyPayoutFee} per payout, or you can ask for an immediate payout for ${FIG.immediatePayoutFee}.`,
          ],
        },
        {
          type: 'qa',
          question: 'What do I commit to?',
          answer: [
            [
              `Answering customer inquiries within ${FIG.sla.inquiryResponse} and keeping a rating of at least ${FIG.sla.minimumRating}, among other things set out in the `,
              { text: 'Service Level Agreement', to: paths.legal.serviceLevelAgreement },
              '.',
            ],
          ],
        },
      ],
    },
    {
      id: 'charities',
      heading: 'For charities',
      blocks: [
        {
          type: 'qa',
          question: 'Is Sekolo free for charities?',
          answer: [
            [
              'Yes. Charities pay no registration or subscription fee. The fees on payments in our ',
              { text: 'Terms and Conditions', to: `${paths.legal.terms}#fees` },
              ' still apply to money you receive through Sekolo.',
            ],
          ],
        },
        {
          type: 'qa',
          question: 'Which organisations can register as a charity?',
          answer: [
            'Non-profit organisations (NPOs), public benefit organisations (PBOs), trusts, foundations and community-based organisations. You will need your registration details and documents.',
          ],
        },
      ],
    },
    {
      id: 'young-entrepreneurs',
      heading: 'For young entrepreneurs',
      blocks: [
        {
          type: 'qa',
          question: 'Who can open a shop?',
          answer: [
            'Learners in Grade 1 to 12 with the consent of a parent or guardian. Registration is free: there is no registration or subscription fee.',
          ],
        },
        {
          type: 'qa',
          question: 'What can I sell?',
          answer: [
            `Anything legal and suitable for a school community, in these categories: ${shopCategories}, and other.`,
          ],
        },
        {
          type: 'qa',
          question: 'What does my parent or guardian need to do?',
          answer: [
            'Your parent or guardian gives their details and consent during registration, and downloads, completes and signs the guardian consent form, which you upload with your other documents. They are responsible for your shop and must agree to be contacted by us.',
          ],
        },
      ],
    },
    {
      id: 'marketplace',
      heading: 'Buying in the marketplace',
      blocks: [
        {
          type: 'qa',
          question: 'Who am I buying from?',
          answer: [
            'From the business partner, school or young entrepreneur who listed the item. Every seller has been reviewed by our team before their listing goes live.',
          ],
        },
        {
          type: 'qa',
          question: 'What if something is wrong with my order?',
          answer: [
            [
              'Contact the seller through your account first. If you cannot agree, contact us. Your rights, including returns of defective goods, are explained in ',
              { text: 'Refunds & Returns', to: paths.legal.refundsReturns },
              '.',
            ],
          ],
        },
      ],
    },
    {
      id: 'account-security',
      heading: 'Account and security',
      blocks: [
        {
          type: 'qa',
          question: 'I forgot my password. What now?',
          answer: [
            [
              'Use ',
              { text: 'Forgot password', to: paths.auth.forgotPassword },
              ' on the sign-in page. We email you a link to choose a new password.',
            ],
          ],
        },
        {
          type: 'qa',
          question: 'What does "Remember me" do?',
          answer: [
            'It keeps you signed in on that device after you close the browser. Leave it unticked on shared computers, and you will be signed out when the browser closes.',
          ],
        },
        {
          type: 'qa',
          question: 'How do I report a security problem?',
          answer: [
            [
              'Email ',
              { text: SECURITY_EMAIL, to: `mailto:${SECURITY_EMAIL}` },
              '. Our ',
              { text: 'Responsible Disclosure policy', to: paths.legal.responsibleDisclosure },
              ' explains what to include.',
            ],
          ],
        },
        {
          type: 'qa',
          question: 'How do I close my account or get a copy of my information?',
          answer: [
            `Email ${CONTACT.email} from the address on your account. We confirm it is you, then close the account or send you your information.`,
          ],
        },
      ],
    },
  ],
};
