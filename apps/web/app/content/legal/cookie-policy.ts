import { CONTACT_EMAIL_LINK } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const COOKIE_POLICY_DOCUMENT: ILegalDocument = {
  path: paths.legal.cookiePolicy,
  title: 'Cookie Policy',
  description: 'Sekolo uses only essential cookies: one to keep you signed in and one to remember the state of your dashboard sidebar. No tracking or advertising cookies.',
  intro: [
    'Sekolo uses only essential cookies: the few small files the platform needs to work. We do not use analytics, advertising or tracking cookies, and we do not let other companies place cookies through our site.',
  ],
  sections: [
    {
      id: 'what-cookies-are',
      heading: 'What cookies are',
      blocks: [
        {
          type: 'p',
          text: 'A cookie is a small text file a website stores in your browser so it can recognise your browser on the next request. Essential cookies make basic functions work, such as staying signed in. Because they are strictly necessary, they do not need your consent, but we still want you to know about them.',
        },
      ],
    },
    {
      id: 'cookies-we-use',
      heading: 'The cookies we use',
      blocks: [
        {
          type: 'dl',
          items: [
            {
              term: 'Session cookie',
              detail:
                'Keeps you signed in as you move between pages. It holds a random identifier, not your password or personal details, and cannot be read by scripts on the page. It is sent only over secure connections and only to Sekolo. Without "Remember me" it is deleted when you close your browser; with "Remember me" it stays until you sign out or it expires.',
            },
            {
              term: 'Sidebar state cookie',
              detail: 'Remembers whether you keep the dashboard sidebar open or collapsed, so it looks the same next time. It is kept for 7 days.',
            },
          ],
        },
      ],
    },
    {
      id: 'other-storage',
      heading: 'Other information stored in your browser',
      blocks: [
        {
          type: 'ul',
          items: [
            'The last page you visited is kept in your browser’s session storage, so we can take you back to it when you return to the home page. It is cleared when you close the tab.',
            'Items in your shopping basket are kept in your browser until you check out or empty the basket.',
            'We never store your password in your browser.',
          ],
        },
      ],
    },
    {
      id: 'third-parties',
      heading: 'Other websites',
      blocks: [
        {
          type: 'p',
          text: 'When you pay, you may be taken to our payment provider’s secure checkout page. That page is run by the provider and may set its own cookies, under its own policy.',
        },
      ],
    },
    {
      id: 'managing-cookies',
      heading: 'Managing cookies',
      blocks: [
        {
          type: 'p',
          text: 'You can delete or block cookies in your browser settings. If you block the session cookie, you will not be able to sign in. Deleting the sidebar cookie only resets the sidebar to its default.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Questions',
      blocks: [
        {
          type: 'p',
          text: [
            'Email ',
            CONTACT_EMAIL_LINK,
            ' with any questions. How we handle personal information in general is explained in our ',
            { text: 'Privacy Policy', to: paths.legal.privacyPolicy },
            '.',
          ],
        },
      ],
    },
  ],
};
