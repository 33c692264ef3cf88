import type { Answers } from './dumpster/answers';
import type { DumpsterPreload } from './dumpster/catalog';
import { WidgetDumpster } from './dumpster/widget';
import type { CompanyEmbed } from './engine/types';
import type { JunkPreload } from './junk/catalog';
import { WidgetJunk } from './junk/widget';

/**
 * A widget's first screen as our server renders it and the flow hydrates it on the host page: the service,
 * the company with the key the page may use, the answers of the tag's data-* attributes and the data the
 * form is drawn from, its price included (the loader carries it as JSON beside the markup).
 */
export type WidgetInput = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
} & (
  | { service: 'dumpster'; initial: Partial<Answers>; preload: DumpsterPreload }
  | { service: 'junk'; initial: Record<string, never>; preload: JunkPreload }
);

export function WidgetFlow(props: WidgetInput) {
  return props.service === 'junk' ? <WidgetJunk {...props} /> : <WidgetDumpster {...props} />;
}
