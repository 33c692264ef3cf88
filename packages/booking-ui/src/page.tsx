import type { Attribution } from './attribution';
import type { DumpsterPreload } from './dumpster/catalog';
import { HostedDumpster } from './dumpster/hosted';
import type { CompanyEmbed, Service } from './engine/types';
import type { JunkPreload } from './junk/catalog';
import { HostedJunk } from './junk/hosted';

export { pageCss } from './page-css';

/**
 * A hosted booking page's flow (/book?company=<slug>, /junk-checkout/<slug>): rendered on the page's server
 * with the company's data and first quote, then hydrated in the browser from the same input, which the page
 * carries as JSON. Answers live in the page's URL (private ones in the tab); channel 'link'. In the browser
 * each page loads only its own flow (HostedDumpster or HostedJunk: packages/widget, src/flows/).
 */
export type PageInput = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  preview: boolean;
  /** Absent when the page's server could not load it: the flow loads it in the browser. */
} & ({ service: 'dumpster'; preload?: DumpsterPreload } | { service: 'junk'; preload?: JunkPreload });

export function HostedFlow(props: PageInput & { attribution?: Attribution }) {
  return props.service === 'junk' ? <HostedJunk {...props} /> : <HostedDumpster {...props} />;
}

/** The company's name, logo and color at the top of its pages. */
export function Brand({ company, subtitle }: { company: CompanyEmbed; subtitle: string }) {
  return (
    <header className="brand">
      {company.branding.logo_url ? (
        <img src={company.branding.logo_url} alt={`${company.name} logo`} />
      ) : (
        <span className="mark" style={{ background: company.branding.primary_color }} aria-hidden="true">
          {company.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <h1>{company.name}</h1>
        <p>{subtitle}</p>
      </div>
    </header>
  );
}

/** A page's one message (no company, booking off): a heading and what to do. */
export function Message(props: { title: string; children: React.ReactNode }) {
  return (
    <section className="message" aria-labelledby="svc-message">
      <h1 id="svc-message">{props.title}</h1>
      {props.children}
    </section>
  );
}

export const SUBTITLES: Record<Service, string> = {
  dumpster: 'Book a dumpster online',
  junk: 'Book junk removal online',
};
