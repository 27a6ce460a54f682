/** Footer newsletter box; the newsletter feature fills in the subscription. */
export function NewsletterForm() {
  return null;
}
