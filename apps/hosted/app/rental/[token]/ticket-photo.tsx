import { useEffect, useId, useRef, useState } from 'react';
import type { ApiFailure } from '../../../lib/rental-api';
import { tons } from './charge-format';
import { chargesApi } from './charges-api';

type Props = { chargeId: string; netTons: number; api: string; token: string; ready: boolean };

/**
 * "See the weigh ticket": the landfill's ticket photo, read with the link's token (never in an address) and
 * shown from an object URL. Its frame keeps one size from the click on, so the page does not move when the
 * image arrives; the image fits inside it.
 */
export function TicketPhoto({ chargeId, netTons, api, token, ready }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const made = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (made.current) URL.revokeObjectURL(made.current);
    },
    [],
  );

  const toggle = async () => {
    if (open) return setOpen(false);
    setOpen(true);
    if (url || loading) return;
    setError(null);
    setLoading(true);
    const res = await chargesApi.ticketPhoto(api, token, chargeId);
    setLoading(false);
    if (!res.ok) return setError(res.error);
    made.current = res.data;
    setUrl(res.data);
  };

  const frame = `${id}-frame`;
  return (
    <div className="rb-ticket">
      <button type="button" onClick={toggle} disabled={!ready} aria-expanded={open} aria-controls={frame}>
        {open ? 'Hide the weigh ticket' : 'See the weigh ticket'}
      </button>
      <figure id={frame} className="rb-ticket-frame" hidden={!open} aria-busy={loading || undefined}>
        <div className="rb-ticket-box">
          {url ? (
            <img src={url} alt={`The landfill's weigh ticket: ${tons(netTons)} net`} data-testid="ticket-photo" />
          ) : (
            <p className="hint">{error ? 'The photo is not available.' : 'Loading the weigh ticket…'}</p>
          )}
        </div>
        <figcaption className="hint">The landfill's weigh ticket, as the driver photographed it.</figcaption>
      </figure>
      <div aria-live="polite">{error && open ? <p className="error">{error.message}</p> : null}</div>
    </div>
  );
}
