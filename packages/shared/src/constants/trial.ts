/**
 * The free trial on its own (constants/packages.ts re-exports it): the public pages that name it
 * then do not carry the package list.
 */

/** Schools get 14 days free; the first charge falls due 14 days after approval. */
export const FREE_TRIAL_DAYS = 14;
