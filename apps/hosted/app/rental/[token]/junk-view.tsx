'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { rentalApi } from '../../../lib/rental-api';
import { day, type JunkBooking, type JunkChange, windowText } from '../../../lib/rental-format';
import { CompanyContact } from './booking-summary';
import { JunkHistory } from './junk-history';
import { JunkMoveForm } from './junk-move-form';
import { JunkDetails, JunkStatus } from './junk-summary';

type Props = { initial: JunkBooking; token: string; api: string };

/**
 * A junk removal job as the customer sees it (the same link as a dumpster order opens it), and the form that
 * moves it to another arrival window while the company allows it. Rendered on the server with the job it
 * read; in the browser it calls the API (/rental/v1) with the link's token.
 */
export function JunkView({ initial, token, api }: Props) {
  const [booking, setBooking] = useState(initial);
  const [local, setLocal] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => setLocal(true), []);

  const refresh = useCallback(async () => {
    const read = await rentalApi.booking(api, token);
    if (read.ok && read.data.service === 'junk') setBooking(read.data);
    return read;
  }, [api, token]);

  const moved = useCallback(
    async (change: JunkChange) => {
      await refresh();
      setNotice({ text: movedText(change) });
      requestAnimationFrame(() => noticeRef.current?.focus());
    },
    [refresh],
  );

  const { company } = booking;
  return (
    <div className="rb-view" data-ready={local ? '' : undefined}>
      <header>
        <h1>
          Your junk removal <span>{booking.reference}</span>
        </h1>
        <p className="sub">
          With {company.name} · job #{booking.job_number}
        </p>
      </header>

      <div ref={noticeRef} tabIndex={-1} role="status" aria-live="polite" className="card-slot">
        {notice ? (
          <p className={notice.error ? 'error card' : 'ok card'} data-testid="notice">
            {notice.text}
          </p>
        ) : null}
      </div>

      <JunkStatus status={booking.status} />
      <JunkDetails booking={booking} />

      <section aria-labelledby="rb-change">
        <h2 id="rb-change">Change your booking</h2>
        <JunkMoveForm booking={booking} api={api} token={token} ready={local} onMoved={moved} onRefresh={refresh} />
      </section>

      <JunkHistory changes={booking.changes} local={local} />
      <CompanyContact company={company} />
    </div>
  );
}

function movedText(change: JunkChange): string {
  return `Moved: ${day(change.after.job_date)}, crew arriving ${windowText(change.after.time_window, '–')}`;
}
