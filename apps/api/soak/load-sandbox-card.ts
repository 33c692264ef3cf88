// The card step of a booking, at the sandbox processor as the page's card component sends it: the test card of
// each kind of customer, and the 3-D Secure page a card that asks for it is sent to.
import { TEST_CARDS } from '../src/payments/sandbox-cards';
import type { LoadContext } from './load-context';
import { retrying } from './load-http';
import type { CardClass } from './load-world';

const CARD_NUMBER: Record<CardClass, string> = {
  success: TEST_CARDS.success,
  held: TEST_CARDS.elevatedRisk,
  declined: TEST_CARDS.genericDecline,
  threeds: TEST_CARDS.authenticationRequired,
  // Pays with a good card and closes the tab before confirm: the recovery worker makes the order.
  abandon: TEST_CARDS.success,
};

/** The card at the sandbox processor; a 3-D Secure card follows next_action to the bank's page. */
export async function payCard(
  load: LoadContext,
  pi: string,
  secret: string,
  card: CardClass,
): Promise<'ok' | 'declined' | 'failed'> {
  const op = 'sandbox POST confirm';
  const { answer } = await retrying(() =>
    load.http.call(op, 'POST', `/sandbox/v1/payment_intents/${pi}/confirm`, {
      json: {
        client_secret: secret,
        card: { number: CARD_NUMBER[card], exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
      },
    }),
  );
  const code = answer.body?.error?.code;
  if (card === 'declined') {
    if (answer.status === 402 && code === 'card_declined') return 'declined';
    load.recorder.surprise(`a declined card answered ${answer.status}`, answer, op);
    return 'failed';
  }
  // A retry after a lost answer: the first attempt went through (this one finds the intent moved on).
  const movedOn = answer.status === 400 && code === 'payment_intent_unexpected_state';
  if (answer.status !== 200 && !movedOn) {
    load.recorder.surprise(`sandbox confirm answered ${answer.status} ${code ?? ''}`, answer, op);
    return 'failed';
  }
  if (card !== 'threeds') return 'ok';
  // The bank's page: the absolute URL the sandbox built from the Host nginx passed on.
  const url: string =
    answer.body?.next_action?.redirect_to_url?.url ??
    `${load.setup.base}/sandbox/v1/payment_intents/${pi}/authenticate?client_secret=${encodeURIComponent(secret)}`;
  if (!url.startsWith(load.setup.base)) {
    load.recorder.surprise(`3-D Secure URL ${url} is not on ${load.setup.base}`, answer, op);
    return 'failed';
  }
  const page = await retrying(() => load.http.call('sandbox GET 3ds page', 'GET', url)).then((r) => r.answer);
  if (page.status !== 200) {
    load.recorder.surprise(`3-D Secure page answered ${page.status}`, page, 'sandbox GET 3ds page');
    return 'failed';
  }
  const form = new URLSearchParams({ client_secret: secret, decision: 'approve' });
  const done = await retrying(() =>
    load.http.call('sandbox POST 3ds approve', 'POST', url.split('?')[0] as string, { form }),
  ).then((r) => r.answer);
  if (done.status !== 200) {
    load.recorder.surprise(`3-D Secure approval answered ${done.status}`, done, 'sandbox POST 3ds approve');
    return 'failed';
  }
  return 'ok';
}
