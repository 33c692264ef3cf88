import type { BookingClient } from '@svc/sdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { makeClient } from './client';
import type { Channel, CompanyEmbed } from './types';

type Options<D> = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  channel: Channel;
  /** What the page's server already loaded (the first paint shows it); nothing is asked again. */
  preloaded?: D;
  load(client: BookingClient): Promise<D>;
  /** The data is here (loaded, or preloaded and hydrated). */
  onLoaded(data: D): Promise<void> | void;
  explain(err: unknown): string;
  onLoadError?(error: unknown): void;
};

/**
 * A form's company data, loaded once (or rendered with the page), and the client that asks for it (which
 * replaces a refused key by itself, engine/client.ts). `reload` asks again (fresh seats, say).
 */
export function useLoaded<D>(options: Options<D>) {
  const { apiBaseUrl, company } = options;
  const latest = useRef(options);
  latest.current = options;
  const [key, setKey] = useState(company.publishable_key);
  const client = useMemo(
    () => makeClient(apiBaseUrl, company.slug, company.publishable_key, options.channel, setKey),
    [apiBaseUrl, company.slug, company.publishable_key, options.channel],
  );
  const [data, setData] = useState<D | null>(options.preloaded ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const usePreloaded = useRef(options.preloaded !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per client
  useEffect(() => {
    let live = true;
    if (usePreloaded.current && options.preloaded !== undefined) {
      usePreloaded.current = false;
      void latest.current.onLoaded(options.preloaded);
      return;
    }
    latest.current
      .load(client)
      .then(async (loaded) => {
        if (!live) return;
        setData(loaded);
        await latest.current.onLoaded(loaded);
      })
      .catch((err) => {
        if (!live) return;
        setLoadError(latest.current.explain(err));
        latest.current.onLoadError?.(err);
      });
    return () => {
      live = false;
    };
  }, [client]);

  return {
    client,
    /** The publishable key in use (the page's, or its replacement). */
    key,
    data,
    loadError,
    /** Loads again and replaces the data (errors are the caller's to show). */
    async reload() {
      const loaded = await latest.current.load(client);
      setData(loaded);
      return loaded;
    },
  };
}
