import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiUrls } from './config';

/**
 * The widget's built scripts (packages/widget/dist), as served under /widget/v1/:
 *   - the loader (booking.js), with the API's address and each flow's files written in (its entry, then the
 *     chunks it imports: the loader asks for them all at once);
 *   - the flows (flow/): ES modules with content-hashed names, one entry per service and the chunks they
 *     share. The build's manifest (flow/manifest.json, packages/widget/scripts/manifest.mjs) names each
 *     service's entry and every chunk it imports, so a page asks for all of it at once (modulepreload)
 *     instead of one file after another.
 * Read once per process; a deploy is a restart.
 */
export type Service = 'dumpster' | 'junk';
export type FlowEntry = { file: string; imports: string[] };
export type WidgetFiles = {
  loader: { body: string; hash: string };
  entries: Record<Service, FlowEntry>;
  /** Every file of flow/ by name (entries and chunks). */
  flow: Map<string, string>;
};

export const FLOW_PATH = '/widget/v1/flow/';

let cache: WidgetFiles | null = null;

const hashOf = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 12);

export function widgetFiles(): WidgetFiles {
  if (cache) return cache;
  const dist = path.join(/*turbopackIgnore: true*/ process.cwd(), '../../packages/widget/dist');
  const read = (name: string) => readFileSync(/*turbopackIgnore: true*/ path.join(dist, name), 'utf8');
  const flow = new Map<string, string>();
  for (const name of readdirSync(/*turbopackIgnore: true*/ path.join(dist, 'flow'))) {
    if (name.endsWith('.js')) flow.set(name, read(`flow/${name}`));
  }
  const { dumpster, junk } = JSON.parse(read('flow/manifest.json')) as Record<Service, FlowEntry>;
  // Each flow as the loader asks for it: its entry, then every chunk the entry imports (modulepreload).
  const files = ({ file, imports }: FlowEntry) => [file, ...imports].map((name) => FLOW_PATH + name).join(',');
  const loaderBody = read('booking.js')
    .replaceAll('__SVC_API_URL__', apiUrls().public)
    .replaceAll('__SVC_DUMPSTER_FLOW__', files(dumpster))
    .replaceAll('__SVC_JUNK_FLOW__', files(junk));
  cache = { loader: { body: loaderBody, hash: hashOf(loaderBody) }, entries: { dumpster, junk }, flow };
  archive(flow);
  return cache;
}

/**
 * Rolling deploys (docs/deploy.md): instances of two versions serve at once, and a page one rendered asks the
 * other for its flow's files. With SVC_WIDGET_ARCHIVE_DIR, a folder every instance shares, each instance
 * adds its own flow files there when it starts (content-hashed names: a file is never changed, only added)
 * and serves any version's file it does not have from there.
 */
const archiveDir = () => process.env.SVC_WIDGET_ARCHIVE_DIR || undefined;
const SAFE_NAME = /^[A-Za-z0-9_-]+\.js$/;

function archive(flow: Map<string, string>) {
  const dir = archiveDir();
  if (!dir) return;
  mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true });
  for (const [name, body] of flow) {
    const file = path.join(/*turbopackIgnore: true*/ dir, name);
    if (existsSync(/*turbopackIgnore: true*/ file)) continue;
    // Written beside it, then renamed: another instance never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(/*turbopackIgnore: true*/ partial, body);
    renameSync(/*turbopackIgnore: true*/ partial, file);
  }
}

const archived = new Map<string, string>();

/** A flow file of another version, from the shared archive (kept once read: it never changes). */
export function archivedFlowFile(name: string): string | undefined {
  const dir = archiveDir();
  if (!dir || !SAFE_NAME.test(name)) return undefined;
  const known = archived.get(name);
  if (known !== undefined) return known;
  try {
    const body = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name), 'utf8');
    archived.set(name, body);
    return body;
  } catch {
    return undefined;
  }
}

/** What a page of `service` loads, in the order to ask for it: the entry, then what it imports. */
export function flowScripts(service: Service): { src: string; preload: string[] } {
  const entry = widgetFiles().entries[service];
  return { src: FLOW_PATH + entry.file, preload: entry.imports.map((name) => FLOW_PATH + name) };
}
