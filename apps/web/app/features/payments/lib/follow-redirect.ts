import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';

/**
 * Sends the browser to the provider: a plain page (the sandbox's hosted checkout) or a form POST
 * with the provider's signed fields (PayFast), built and submitted like the provider's own button.
 */
export function followCheckoutRedirect(redirect: TCheckoutRedirect): void {
  if (redirect.method === 'GET') {
    window.location.assign(redirect.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  form.style.display = 'none';
  for (const field of redirect.fields ?? []) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
