import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiUrls } from './config';

/**
 * The widget's built scripts (packages/widget/dist), as served: the loader gets the API's address and the
 * flow's versioned path written in. Read once per process; a deploy is a restart.
 */
export type WidgetFile = { body: string; hash: string };

let cache: { loader: WidgetFile; flow: WidgetFile } | null = null;

const hashOf = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 12);

export function widgetFiles() {
  if (cache) return cache;
  const dist = path.join(/*turbopackIgnore: true*/ process.cwd(), '../../packages/widget/dist');
  const read = (name: string) => readFileSync(/*turbopackIgnore: true*/ path.join(dist, name), 'utf8');
  const flowBody = read('booking-flow.js');
  const flow = { body: flowBody, hash: hashOf(flowBody) };
  const loaderBody = read('booking.js')
    .replaceAll('__SVC_API_URL__', apiUrls().public)
    .replaceAll('__SVC_FLOW_PATH__', `/widget/v1/booking-flow.${flow.hash}.js`);
  cache = { loader: { body: loaderBody, hash: hashOf(loaderBody) }, flow };
  return cache;
}
