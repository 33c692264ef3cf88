'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FlushResult, flushQueue, type Queued, type Refusal, type Stopped } from '../../../lib/field-queue';
import { phoneQueue } from './phone-store';
import { transport } from './send';

/** How often what waits is tried again while the phone thinks it is online. */
const RETRY_MS = 15_000;

export type FieldQueue = {
  queued: Queued[];
  sending: boolean;
  online: boolean;
  stopped?: Stopped;
  /** Items that arrived since the page opened ("All sent."). */
  sentCount: number;
  refusals: Refusal[];
  dismiss: (refusal: Refusal) => void;
  /** Keeps the items on the phone (false: the phone refused to store them), then tries to send. */
  enqueue: (items: Queued[]) => Promise<boolean>;
};

/**
 * The phone's queue in a page: what waits, sent one at a time (never two runs at once) when the page opens,
 * when something is queued, when the browser says it is online again, when the tab comes back and every
 * 15 s while anything waits. `onFlushed` hears each run's answers (the stops as the API now has them).
 */
export function useFieldQueue(member: string, onFlushed: (result: FlushResult) => void): FieldQueue {
  const store = useMemo(() => phoneQueue(member), [member]);
  const [queued, setQueued] = useState<Queued[]>([]);
  const [sending, setSending] = useState(false);
  const [online, setOnline] = useState(true);
  const [stopped, setStopped] = useState<Stopped>();
  const [sentCount, setSentCount] = useState(0);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const heard = useRef(onFlushed);
  heard.current = onFlushed;

  const flush = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const items = await store.list();
        setQueued(items);
        if (items.length === 0) {
          setStopped(undefined);
          return;
        }
        if (!navigator.onLine) {
          setStopped('offline');
          return;
        }
        setSending(true);
        const result = await flushQueue(store, transport);
        setSending(false);
        setStopped(result.stopped);
        if (result.sent.length) setSentCount((n) => n + result.sent.length);
        if (result.refused.length) setRefusals((r) => [...r, ...result.refused]);
        setQueued(await store.list());
        heard.current(result);
        if (result.stopped) return;
      } while (again.current);
    };
    running.current = run()
      .catch(() => setStopped('wait'))
      .finally(() => {
        running.current = null;
        setSending(false);
      });
    return running.current;
  }, [store]);

  useEffect(() => {
    setOnline(navigator.onLine);
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    const back = () => document.visibilityState === 'visible' && void flush();
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    document.addEventListener('visibilitychange', back);
    void flush();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      document.removeEventListener('visibilitychange', back);
    };
  }, [flush]);

  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const enqueue = useCallback(
    async (items: Queued[]) => {
      try {
        for (const item of items) await store.add(item);
      } catch {
        return false;
      }
      setQueued(await store.list());
      void flush();
      return true;
    },
    [store, flush],
  );
  const dismiss = useCallback((refusal: Refusal) => setRefusals((r) => r.filter((x) => x !== refusal)), []);

  return { queued, sending, online, stopped, sentCount, refusals, dismiss, enqueue };
}
