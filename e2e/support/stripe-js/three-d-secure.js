/*
 * The issuer's test page of the Stripe.js stand-in: each button tells the stand-in of Stripe's API how the
 * customer's authentication ended (the source's client secret proves the page was the one Stripe gave), then
 * tells Stripe.js in the page, which closes the modal and reads the PaymentIntent again.
 */
(() => {
  const source = window.location.pathname.split('/').pop();
  const clientSecret = new URLSearchParams(window.location.search).get('client_secret') ?? '';
  for (const button of document.querySelectorAll('button[data-outcome]')) {
    button.addEventListener('click', async () => {
      for (const b of document.querySelectorAll('button')) b.disabled = true;
      const body = new URLSearchParams({ outcome: button.dataset.outcome, client_secret: clientSecret });
      await fetch(`/redirect/authenticate/${source}`, { method: 'POST', body });
      window.parent.postMessage({ type: 'stripe-3ds-done', source }, '*');
    });
  }
})();
