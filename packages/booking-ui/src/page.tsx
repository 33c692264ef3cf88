import { useMemo } from 'react';
import type { Attribution } from './attribution';
import { dumpsterCodec } from './dumpster/answers';
import { BookingFlow } from './dumpster/flow';
import type { DumpsterPreload } from './dumpster/use-catalog';
import type { CompanyEmbed, Service } from './engine/types';
import { junkCodec } from './junk/answers';
import type { JunkPreload } from './junk/catalog';
import { JunkFlow, type JunkFlowProps } from './junk/flow';
import { urlStore } from './stores';

export { pageCss } from './page-css';

/**
 * A hosted booking page's flow (/book?company=<slug>, /junk-checkout/<slug>): rendered on the page's server
 * with the company's data and first quote, then hydrated in the browser from the same input, which the page
 * carries as JSON. Answers live in the page's URL (private ones in the tab); channel 'link'.
 */
export type PageInput = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  preview: boolean;
  /** Absent when the page's server could not load it: the flow loads it in the browser. */
} & ({ service: 'dumpster'; preload?: DumpsterPreload } | { service: 'junk'; preload?: JunkPreload });

export function HostedFlow(props: PageInput & { attribution?: Attribution }) {
  const common = {
    apiBaseUrl: props.apiBaseUrl,
    company: props.company,
    channel: 'link' as const,
    preview: props.preview,
    returnUrl: () => window.location.href,
    attribution: props.attribution,
  };
  return props.service === 'junk' ? (
    <HostedJunk {...common} preload={props.preload} />
  ) : (
    <HostedDumpster {...common} preload={props.preload} />
  );
}

type Common = Omit<JunkFlowProps, 'store' | 'preload' | 'initial'>;

function HostedJunk(props: Common & { preload?: JunkPreload }) {
  const slug = props.company.slug;
  // The junk page's address is its own (/junk-checkout/<slug>): no parameter of the page is kept but preview.
  const store = useMemo(() => urlStore(`svc:${slug}:junk-answers`, junkCodec, ['preview']), [slug]);
  return <JunkFlow {...props} store={store} />;
}

function HostedDumpster(props: Common & { preload?: DumpsterPreload }) {
  const slug = props.company.slug;
  const store = useMemo(() => urlStore(`svc:${slug}:answers`, dumpsterCodec), [slug]);
  return <BookingFlow {...props} store={store} />;
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
