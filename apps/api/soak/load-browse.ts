// Visitors who only look: the sizes, a quote, the calendar, the junk configuration and a junk quote.
import type { LoadContext } from './load-context';
import { pick } from './load-world';
import { sleep } from './stack';

// ---- visitors who only look ----------------------------------------------------------------------------

export async function browse(load: LoadContext) {
  const size = pick(load.setup.sizes);
  const visits = [
    () => load.http.call('booking GET /sizes', 'GET', '/booking/v1/sizes', { headers: load.auth() }),
    () =>
      load.http.call('booking POST /quote', 'POST', '/booking/v1/quote', {
        headers: load.auth(),
        json: { size_id: size.id, rental_days: pick([3, 7, 10, 14]) },
      }),
    () =>
      load.http.call('booking GET /availability', 'GET', `/booking/v1/availability?size_id=${size.id}&rental_days=7`, {
        headers: load.auth(),
      }),
    () => load.http.call('junk GET /junk/config', 'GET', '/booking/v1/junk/config', { headers: load.auth() }),
    () =>
      load.http.call('junk POST /junk/quote', 'POST', '/booking/v1/junk/quote', {
        headers: load.auth(),
        json: { load_fraction: pick(load.setup.loads) },
      }),
  ];
  for (const visit of [pick(visits), pick(visits)]) {
    const answer = await visit();
    if (answer.status >= 400 && answer.status < 500) load.recorder.surprise(`browse answered ${answer.status}`, answer);
    await sleep(200 + Math.random() * 600);
  }
}
