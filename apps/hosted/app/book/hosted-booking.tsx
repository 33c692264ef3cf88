'use client';

import { BookingFlow, type BookingFlowProps, urlStore } from '@svc/booking-ui';
import { useMemo } from 'react';

/** The shared flow on its own page: answers in the URL, channel 'link' (known by this page's origin). */
export function HostedBooking(props: { company: BookingFlowProps['company']; apiBaseUrl: string; preview: boolean }) {
  const store = useMemo(() => urlStore(`svc:${props.company.slug}:answers`), [props.company.slug]);
  return (
    <BookingFlow
      apiBaseUrl={props.apiBaseUrl}
      company={props.company}
      channel="link"
      preview={props.preview}
      store={store}
      returnUrl={() => window.location.href}
    />
  );
}
