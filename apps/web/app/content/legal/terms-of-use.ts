import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const TERMS_OF_USE_DOCUMENT: ILegalDocument = {
  path: paths.legal.termsOfUse,
  title: 'Terms of Use',
  description: 'The rules for using the Sekolo website and apps: account security, acceptable use, reviews and the content you post.',
  intro: [
    [
      'These terms of use set the ground rules for everyone who visits the Sekolo website or uses the platform, whether signed in or not. They form part of our ',
      { text: 'Terms and Conditions', to: paths.legal.terms },
      '.',
    ],
  ],
  sections: [
    {
      id: 'using-sekolo',
      heading: 'Using Sekolo',
      blocks: [
        {
          type: 'p',
          text: 'You may use Sekolo for its intended purpose: running and supporting schools, buying and selling through the marketplace, raising funds and communicating with your school community. Use it lawfully and with respect for the other people on it, many of whom are children.',
        },
      ],
    },
    {
      id: 'account-security',
      heading: 'Keeping your account safe',
      blocks: [
        {
          type: 'ul',
          items: [
            'Use a strong password that you do not use anywhere else, and do not share it.',
            'Only tick "Remember me" on a device that is yours.',
            'Sign out on shared computers, such as in a school office or library.',
            ['Tell us at once if you think someone has accessed your account: ', CONTACT_EMAIL_LINK, '.'],
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'What is not allowed',
      blocks: [
        {
          type: 'ul',
          items: [
            'Breaking the law, or helping someone else to, including fraud and money laundering.',
            'Harassing, bullying, threatening or discriminating against anyone.',
            'Posting content that is sexual, violent or otherwise unsuitable for children, or contacting learners for anything other than legitimate school purposes.',
            'Pretending to be someone else, or misrepresenting your qualifications, organisation or products.',
            'Sending spam or unsolicited marketing, or collecting other users’ contact details.',
            'Copying large parts of the site by automated means, or overloading the platform.',
            [
              'Probing, scanning or testing the security of Sekolo, except under our ',
              { text: 'Responsible Disclosure policy', to: paths.legal.responsibleDisclosure },
              '.',
            ],
            'Uploading viruses or any other harmful code.',
          ],
        },
      ],
    },
    {
      id: 'your-content',
      heading: 'Content you post',
      blocks: [
        {
          type: 'p',
          text: 'You are responsible for the listings, messages, photos, reviews and documents you add. Make sure they are accurate and that you have the right to share them, including consent from the people shown in photos (and from parents or guardians for photos of learners).',
        },
        {
          type: 'p',
          text: 'You keep ownership of your content. You allow Sekolo to store, display and process it as needed to run the service for you and the people you share it with.',
        },
        {
          type: 'p',
          text: 'We may remove content that breaks these terms, and may suspend accounts that repeatedly do so.',
        },
      ],
    },
    {
      id: 'reviews',
      heading: 'Reviews and ratings',
      blocks: [
        {
          type: 'p',
          text: 'Reviews help families and schools choose well, so they must be honest and based on your own experience. Do not review your own business, offer incentives for reviews or post reviews on behalf of others. Sellers may reply to reviews politely; we may remove reviews that are abusive, misleading or unrelated.',
        },
      ],
    },
    {
      id: 'links',
      heading: 'Links to other websites',
      blocks: [
        {
          type: 'p',
          text: 'Sekolo may link to other websites, such as a payment provider’s checkout or a partner’s own site. We are not responsible for their content or their privacy practices.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and governing law',
      blocks: [
        {
          type: 'p',
          text: `We announce material changes to these terms with ${FIG.termsChangeNotice}. These terms are governed by the laws of ${FIG.governingLaw}.`,
        },
      ],
    },
    {
      id: 'report',
      heading: 'Report a problem',
      blocks: [
        {
          type: 'p',
          text: ['If you see something on Sekolo that breaks these rules or worries you, especially where a child may be at risk, email ', CONTACT_EMAIL_LINK, '. We look at every report.'],
        },
      ],
    },
  ],
};
