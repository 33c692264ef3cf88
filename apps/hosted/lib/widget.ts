import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiUrls } from './config';

/**
 * The widget's built scripts (packages/widget/dist), as served under /widget/v1/:
 *   - the loader (booking.js), with the API's address and each flow's entry path written in;
 *   - the flows (flow/): ES modules with content-hashed names, one entry per service and the chunks they
 *     share. metafile-esm.json (esbuild's) says which file is which service's entry and what it imports, so
 *     a page can ask for all of it at once (modulepreload) instead of one file after another.
 * Read once per process; a deploy is a restart.
 */
export type Service = 'dumpster' | 'junk';
export type FlowEntry = { file: string; body: string; imports: string[] };
export type WidgetFiles = {
  loader: { body: string; hash: string };
  entries: Record<Service, FlowEntry>;
  /** Every file of flow/ by name (entries and chunks). */
  flow: Map<string, string>;
};

export const FLOW_PATH = '/widget/v1/flow/';

type Metafile = {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
};

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
  const meta = JSON.parse(read('flow/metafile-esm.json')) as Metafile;
  const entry = (service: Service): FlowEntry => {
    const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === `src/flows/${service}.tsx`);
    if (!found) throw new Error(`the widget's build has no ${service} flow`);
    // Every chunk the entry needs before it runs: its static imports, theirs, and so on.
    const imports = new Set<string>();
    const visit = (file: string) => {
      for (const i of meta.outputs[file]?.imports ?? []) {
        if (i.kind !== 'import-statement' || imports.has(path.basename(i.path))) continue;
        imports.add(path.basename(i.path));
        visit(i.path);
      }
    };
    visit(found[0]);
    const name = path.basename(found[0]);
    return { file: name, body: flow.get(name) ?? '', imports: [...imports] };
  };
  const entries = { dumpster: entry('dumpster'), junk: entry('junk') };
  const loaderBody = read('booking.js')
    .replaceAll('__SVC_API_URL__', apiUrls().public)
    .replaceAll('__SVC_DUMPSTER_FLOW__', FLOW_PATH + entries.dumpster.file)
    .replaceAll('__SVC_JUNK_FLOW__', FLOW_PATH + entries.junk.file);
  cache = { loader: { body: loaderBody, hash: hashOf(loaderBody) }, entries, flow };
  return cache;
}

/** What a page of `service` loads, in the order to ask for it: the entry, then what it imports. */
export function flowScripts(service: Service): { src: string; preload: string[] } {
  const { entries } = widgetFiles();
  const entry = entries[service];
  return { src: FLOW_PATH + entry.file, preload: entry.imports.map((name) => FLOW_PATH + name) };
}
