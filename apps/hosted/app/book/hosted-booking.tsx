'use client';

import { BookingFlow, type BookingFlowProps, rememberAttribution, urlStore } from '@svc/booking-ui';
import { useMemo } from 'react';

/** The shared flow on its own page: answers in the URL, channel 'link' (known by this page's origin). */
export function HostedBooking(props: { company: BookingFlowProps['company']; apiBaseUrl: string; preview: boolean }) {
  const store = useMemo(() => urlStore(`svc:${props.company.slug}:answers`), [props.company.slug]);
  // Read in the browser only (the server has no window); the flow uses it at payment time.
  const attribution = useMemo(() => (typeof window === 'undefined' ? undefined : rememberAttribution(window)), []);
  return (
    <BookingFlow
      apiBaseUrl={props.apiBaseUrl}
      company={props.company}
      channel="link"
      preview={props.preview}
      store={store}
      returnUrl={() => window.location.href}
      attribution={attribution}
    />
  );
}
