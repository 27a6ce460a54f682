/** South Africa's standard VAT rate (VAT Act s7(1)(a), since 1 April 2018). */
export const VAT_RATE_BPS = 1500;

/** The VAT in a VAT-inclusive amount: amount × 15/115, rounded to the cent. */
export const vatIn = (inclusiveCents: number) => Math.round((inclusiveCents * VAT_RATE_BPS) / (10_000 + VAT_RATE_BPS));
