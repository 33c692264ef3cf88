import { type Availability, type Company, type Materials, type Size, SvcApiError } from '@svc/sdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { makeClient, replacementKey } from '../engine/client';
import type { Channel, CompanyEmbed } from '../engine/types';
import { type Answers, EMPTY_ANSWERS, resolveDebris } from './answers';
import { explainError } from './messages';
import type { AnswerStore } from './stores';

export type Loaded = { profile: Company; sizes: Size[]; materials: Materials; availability: Availability };

type Options = {
  apiBaseUrl: string;
  company: CompanyEmbed & { publishable_key: string };
  channel: Channel;
  initial?: Partial<Answers>;
  store: AnswerStore;
  onLoadError?(error: unknown): void;
  /** The catalog is here, with the answers to start from (stored answers win over the page's). */
  onLoaded(answers: Answers): Promise<void>;
};

/**
 * The company's catalog, loaded once: profile, sizes, materials and closed days. A key the API refuses is
 * replaced once by asking the company lookup again (the company changed it since the page loaded).
 */
export function useCatalog(options: Options) {
  const { apiBaseUrl, company } = options;
  const latest = useRef(options);
  latest.current = options;
  const [key, setKey] = useState(company.publishable_key);
  const askedAgain = useRef(false);
  const client = useMemo(() => makeClient(apiBaseUrl, key, options.channel), [apiBaseUrl, key, options.channel]);
  const [data, setData] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per client (key)
  useEffect(() => {
    let live = true;
    (async () => {
      const [profile, sizes, materials, availability] = await Promise.all([
        client.company(),
        client.sizes(),
        client.materials(),
        client.availability(),
      ]);
      if (!live) return;
      const { initial, store } = latest.current;
      const slugs = materials.materials.map((m) => m.slug);
      let restored: Answers = { ...EMPTY_ANSWERS, ...initial, ...store.load() };
      restored = resolveDebris(restored, slugs, materials.enabled);
      if (restored.sizeYards === null || !sizes.some((s) => s.yards === restored.sizeYards)) {
        restored.sizeYards = (sizes.find((s) => s.is_default) ?? sizes[0])?.yards ?? null;
      }
      setData({ profile, sizes, materials, availability });
      await latest.current.onLoaded(restored);
    })().catch(async (err) => {
      if (!live) return;
      if (!askedAgain.current && err instanceof SvcApiError && err.code === 'unauthorized') {
        askedAgain.current = true;
        const replacement = await replacementKey(apiBaseUrl, company.slug, key);
        // A new key makes a new client, and this effect runs again with it.
        if (replacement && live) return setKey(replacement);
      }
      if (!live) return;
      setLoadError(explainError(err, { companyName: company.name, phone: null }).message);
      latest.current.onLoadError?.(err);
    });
    return () => {
      live = false;
    };
  }, [client]);

  return { client, data, loadError };
}
