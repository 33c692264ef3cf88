'use client';

import { ActionButton } from '../../../../components/action-button';
import { api, call } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/types';

type Listed = Schemas['ListedWebhookEndpoint'];

const events = (n: number) => (n === 1 ? '1 event' : `${n} events`);

/** What waits for an endpoint: events held while it is off, and undelivered ones of the last 7 days. */
export function Backlog({ endpoint }: { endpoint: Listed }) {
  if (!endpoint.held && !endpoint.undelivered) return <span className="muted">Nothing waiting</span>;
  return (
    <span>
      {endpoint.held ? `${events(endpoint.held)} kept until it is switched on` : null}
      {endpoint.held && endpoint.undelivered > endpoint.held ? '; ' : null}
      {endpoint.undelivered > endpoint.held
        ? `${events(endpoint.undelivered - endpoint.held)} undelivered (last 7 days)`
        : null}
    </span>
  );
}

/**
 * Sends an endpoint's undelivered events of the last 7 days again, or, for a switched-off endpoint, switches
 * it on (which sends what it kept). One request at a time; the outcome is announced beside the button.
 */
export function SendAgain({ endpoint, onDone }: { endpoint: Listed; onDone: () => void }) {
  const path = { params: { path: { id: endpoint.id } } };
  if (!endpoint.enabled) {
    return (
      <ActionButton
        action={() => call(api.POST('/webhooks/{id}/enable', { ...path, body: {} }))}
        pendingLabel="Switching on…"
        successMessage={(d) => `Switched on; ${events(d.requeued)} kept are being sent.`}
        onSuccess={onDone}
        aria-label={`Switch on ${endpoint.url} and send the events it kept`}
      >
        Switch on and send
      </ActionButton>
    );
  }
  if (!endpoint.undelivered) return null;
  return (
    <ActionButton
      action={() => call(api.POST('/webhooks/{id}/send-again', { ...path, body: {} }))}
      pendingLabel="Sending again…"
      successMessage={(d) => `${events(d.requeued)} queued to send again.`}
      onSuccess={onDone}
      aria-label={`Send the undelivered events of ${endpoint.url} again`}
    >
      Send again
    </ActionButton>
  );
}
