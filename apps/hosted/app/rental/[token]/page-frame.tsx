import { type ReactNode, useCallback, useRef, useState } from 'react';
import { rentalApi } from '../../../lib/rental-api';
import type { AnyBooking } from '../../../lib/rental-format';
import { CompanyContact } from './booking-summary';

/**
 * The booking the page shows, first as the server read it, and `refresh`, which reads it again with the link's
 * token (kept when the API answers with the other kind of booking).
 */
export function useBooking<B extends AnyBooking>(initial: B, api: string, token: string) {
  const [booking, setBooking] = useState(initial);
  const { service } = initial;
  const refresh = useCallback(async () => {
    const read = await rentalApi.booking(api, token);
    if (read.ok && read.data.service === service) setBooking(read.data as B);
    return read;
  }, [api, token, service]);
  return { booking, refresh };
}

export type Notice = { text: string; error?: boolean };

/** The sentence the page says after a change or a failure: `announce` shows it and moves the focus to it. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const announce = useCallback((text: string, error = false) => {
    setNotice({ text, error });
    requestAnimationFrame(() => ref.current?.focus());
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, ref, announce, clear };
}

type FrameProps = {
  /** "Your booking", "Your junk removal": the heading before the booking's reference. */
  title: string;
  reference: string;
  company: AnyBooking['company'];
  /** After the company's name: "order #12", "job #7". */
  sub: string;
  /** The page's script runs (the forms work): marked for the tests, as `data-ready`. */
  local: boolean;
  notice: ReturnType<typeof useNotice>;
  children: ReactNode;
};

/** What every My booking page has around its booking: the heading, the notice's live region, and the company's contact. */
export function PageFrame({ title, reference, company, sub, local, notice, children }: FrameProps) {
  return (
    <div className="rb-view" data-ready={local ? '' : undefined}>
      <header>
        <h1>
          {`${title} `}
          <span>{reference}</span>
        </h1>
        <p className="sub">
          With {company.name} · {sub}
        </p>
      </header>

      <div ref={notice.ref} tabIndex={-1} role="status" aria-live="polite" className="card-slot">
        {notice.notice ? (
          <p className={notice.notice.error ? 'error card' : 'ok card'} data-testid="notice">
            {notice.notice.text}
          </p>
        ) : null}
      </div>

      {children}
      <CompanyContact company={company} />
    </div>
  );
}
