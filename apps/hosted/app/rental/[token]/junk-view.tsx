'use client';

import { useCallback, useEffect, useState } from 'react';
import { day, type JunkBooking, type JunkChange, type JunkPhotosResult, windowText } from '../../../lib/rental-format';
import { JunkHistory } from './junk-history';
import { JunkMoveForm } from './junk-move-form';
import { JunkPhotosForm, photosText } from './junk-photos-form';
import { JunkDetails, JunkStatus } from './junk-summary';
import { PageFrame, useBooking, useNotice } from './page-frame';

type Props = { initial: JunkBooking; token: string; api: string };

/**
 * A junk removal job as the customer sees it (the same link as a dumpster order opens it), and the form that
 * moves it to another arrival window while the company allows it. Rendered on the server with the job it
 * read; in the browser it calls the API (/rental/v1) with the link's token.
 */
export function JunkView({ initial, token, api }: Props) {
  const { booking, refresh } = useBooking(initial, api, token);
  const [local, setLocal] = useState(false);
  const notice = useNotice();
  const { announce } = notice;

  useEffect(() => setLocal(true), []);

  const moved = useCallback(
    async (change: JunkChange) => {
      await refresh();
      announce(movedText(change));
    },
    [refresh, announce],
  );

  const added = useCallback(
    async (result: JunkPhotosResult) => {
      await refresh();
      announce(`Added: the crew has ${photosText(result.photos.length)}`);
    },
    [refresh, announce],
  );

  const { company } = booking;
  return (
    <PageFrame
      title="Your junk removal"
      reference={booking.reference}
      company={company}
      sub={`job #${booking.job_number}`}
      local={local}
      notice={notice}
    >
      <JunkStatus status={booking.status} />
      <JunkDetails booking={booking} />

      {booking.photos_remaining > 0 ? (
        <section aria-labelledby="rb-photos">
          <h2 id="rb-photos">Photos</h2>
          <JunkPhotosForm booking={booking} api={api} token={token} ready={local} onAdded={added} onRefresh={refresh} />
        </section>
      ) : null}

      <section aria-labelledby="rb-change">
        <h2 id="rb-change">Change your booking</h2>
        <JunkMoveForm booking={booking} api={api} token={token} ready={local} onMoved={moved} onRefresh={refresh} />
      </section>

      <JunkHistory changes={booking.changes} local={local} />
    </PageFrame>
  );
}

function movedText(change: JunkChange): string {
  return `Moved: ${day(change.after.job_date)}, crew arriving ${windowText(change.after.time_window, '–')}`;
}
