import { SECURITY_EMAIL } from '../site';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

const SECURITY_EMAIL_LINK = { text: SECURITY_EMAIL, to: `mailto:${SECURITY_EMAIL}` } as const;

export const RESPONSIBLE_DISCLOSURE_DOCUMENT: ILegalDocument = {
  path: paths.legal.responsibleDisclosure,
  title: 'Responsible Disclosure',
  description: `Found a security weakness in Sekolo? Report it to ${SECURITY_EMAIL}. What is in scope, the rules for testing and what we promise in return.`,
  intro: [
    [
      'Sekolo holds information about children, families and their payments, so we welcome reports from people who find a security weakness. If you believe you have found one, please tell us at ',
      SECURITY_EMAIL_LINK,
      ' before telling anyone else, and give us a fair chance to fix it.',
    ],
  ],
  sections: [
    {
      id: 'how-to-report',
      heading: 'How to report',
      blocks: [
        {
          type: 'p',
          text: ['Email ', SECURITY_EMAIL_LINK, ' with:'],
        },
        {
          type: 'ul',
          items: [
            'A description of the weakness and the page, address or feature it affects.',
            'The steps to reproduce it, with screenshots or a short proof of concept if you have one.',
            'What an attacker could achieve with it, as you understand it.',
            'How we can reach you, and whether you would like to be thanked by name.',
          ],
        },
      ],
    },
    {
      id: 'scope',
      heading: 'What is in scope',
      blocks: [
        {
          type: 'p',
          text: 'The Sekolo website, the web application and its API. The following are out of scope: denial-of-service attacks, spam, social engineering or phishing of our staff or users, physical attacks, and services run by other companies (such as our payment provider), which you should report to them.',
        },
      ],
    },
    {
      id: 'rules',
      heading: 'Rules for testing',
      blocks: [
        {
          type: 'ul',
          items: [
            'Use only accounts you own or have permission to use. Never access, change or delete other people’s information beyond the minimum needed to show the weakness.',
            'If you come across personal information, especially about a learner, stop, do not keep a copy, and tell us straight away.',
            'Do not degrade the service for others: no heavy automated scanning and no attacks on availability.',
            'Keep the details confidential until we have fixed the problem, or for 90 days after your report, whichever comes first. We will agree on a disclosure date with you.',
          ],
        },
      ],
    },
    {
      id: 'our-promise',
      heading: 'What we promise',
      blocks: [
        {
          type: 'ul',
          items: [
            'We acknowledge your report within 3 business days.',
            'We tell you within 10 business days what we found and how we plan to fix it, and keep you updated until it is fixed.',
            'If you followed this policy in good faith, we will not take legal action against you, or ask the authorities to act against you, because of your research.',
            'With your permission, we thank you by name once the issue is resolved.',
          ],
        },
        {
          type: 'p',
          text: 'We do not offer payment for reports.',
        },
      ],
    },
  ],
};
