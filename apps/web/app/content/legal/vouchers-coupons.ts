import { CONTACT_EMAIL_LINK, FIG } from './figures';
import type { ILegalDocument } from './types';
import { paths } from '~/config/paths';

export const VOUCHERS_COUPONS_DOCUMENT: ILegalDocument = {
  path: paths.legal.vouchersCoupons,
  title: 'Vouchers & Coupons',
  description: 'How vouchers and coupon codes issued by schools and sellers on Sekolo work: validity, redemption, fees, refunds and lost vouchers.',
  intro: [
    'Schools and sellers on Sekolo can issue vouchers (prepaid value, such as a school shop gift voucher) and coupons (discount codes, such as 10% off a stationery pack). These terms explain how they work.',
  ],
  sections: [
    {
      id: 'who-issues',
      heading: 'Who issues them',
      blocks: [
        {
          type: 'p',
          text: 'Each voucher or coupon is issued by a particular school or seller and can be used only with that issuer, unless it says otherwise. The issuer is responsible for honouring it.',
        },
      ],
    },
    {
      id: 'validity',
      heading: 'How long they are valid',
      blocks: [
        {
          type: 'ul',
          items: [
            'A prepaid voucher is valid for at least three years from the date it was issued, or until its full value has been used, whichever comes first, as the Consumer Protection Act requires.',
            'A coupon is a promotion and is valid for the period and on the conditions shown with it, such as a minimum order or particular products.',
          ],
        },
      ],
    },
    {
      id: 'using',
      heading: 'Using a voucher or coupon',
      blocks: [
        {
          type: 'ul',
          items: [
            'Enter the code at checkout, before you pay. It cannot be applied after payment.',
            'Only one coupon can be used per order, unless the coupon says otherwise. Vouchers can be combined with a coupon.',
            'If a voucher is worth more than your order, the balance stays on the voucher for next time.',
            'Vouchers and coupons cannot be exchanged for cash, except where the law requires it.',
            `The ${FIG.processingFee} processing fee is worked out on the amount you pay after any discount or voucher.`,
          ],
        },
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds on orders paid with a voucher',
      blocks: [
        {
          type: 'p',
          text: [
            'If an order paid with a voucher is refunded, the voucher part goes back onto the voucher and the rest goes back to your card or account. A coupon used on a refunded order may be used again if it is still valid. See ',
            { text: 'Refunds & Returns', to: paths.legal.refundsReturns },
            '.',
          ],
        },
      ],
    },
    {
      id: 'lost-vouchers',
      heading: 'Lost or stolen vouchers',
      blocks: [
        {
          type: 'p',
          text: 'Treat a voucher code like cash. If it is lost or stolen, tell the issuer as soon as possible; any value not yet used can be blocked and reissued at the issuer’s discretion.',
        },
      ],
    },
    {
      id: 'misuse',
      heading: 'Misuse',
      blocks: [
        {
          type: 'p',
          text: 'Vouchers and coupons obtained or used fraudulently, copied, or sold on without the issuer’s permission may be cancelled.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Questions',
      blocks: [{ type: 'p', text: ['Contact the school or seller that issued your voucher. If you need more help, email ', CONTACT_EMAIL_LINK, '.'] }],
    },
  ],
};
