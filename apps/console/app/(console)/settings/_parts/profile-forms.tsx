'use client';

import { Check, Input, SectionForm, TextArea } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type S = Settings['sections'];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function ProfileForm({ initial, onSaved }: SectionProps<S['profile']>) {
  const form = useSection('profile', initial, onSaved);
  return (
    <SectionForm form={form} label="Company profile">
      <Input form={form} path="name" label="Company name" />
      <Input form={form} path="timezone" label="Time zone" hint="Like America/Chicago" />
      <fieldset>
        <legend>Contact</legend>
        <Input form={form} path="contact.phone" label="Phone" kind="nullable-text" type="tel" />
        <Input form={form} path="contact.email" label="E-mail" kind="nullable-text" type="email" />
        <Input form={form} path="contact.website" label="Website" kind="nullable-text" hint="https://…" />
      </fieldset>
      <fieldset>
        <legend>Address</legend>
        <Input form={form} path="address.line1" label="Street" />
        <Input form={form} path="address.line2" label="Suite or unit" kind="nullable-text" />
        <Input form={form} path="address.city" label="City" />
        <Input form={form} path="address.state" label="State or province" />
        <Input form={form} path="address.zip" label="ZIP or postal code" />
      </fieldset>
      <fieldset>
        <legend>Branding</legend>
        <Input form={form} path="branding.logo_url" label="Logo address" kind="nullable-text" hint="https://…" />
        <Input form={form} path="branding.primary_color" label="Main color" hint="Like #2563eb" />
        <Input form={form} path="branding.accent_color" label="Accent color" kind="nullable-text" />
      </fieldset>
    </SectionForm>
  );
}

export function RulesForm({ initial, onSaved }: SectionProps<S['rules']>) {
  const form = useSection('rules', initial, onSaved);
  const days = (form.values.non_working_weekdays ?? []) as string[];
  const dayError = form.errors.fields.non_working_weekdays;
  return (
    <SectionForm form={form} label="Booking rules">
      <Check form={form} path="online" label="Take bookings online" />
      <Input
        form={form}
        path="min_notice_days"
        label="Days of notice"
        kind="number"
        inputMode="numeric"
        hint="0 lets customers book for today"
      />
      <Input
        form={form}
        path="max_advance_days"
        label="Days ahead a booking can be made"
        kind="number"
        inputMode="numeric"
      />
      <fieldset aria-describedby={dayError ? 'days-error' : undefined}>
        <legend>Days you do not deliver or pick up</legend>
        {WEEKDAYS.map((d) => (
          <label key={d} className="inline-check">
            <input
              type="checkbox"
              name={`non_working_weekdays.${d}`}
              checked={days.includes(d)}
              onChange={(e) =>
                form.update('non_working_weekdays', e.target.checked ? [...days, d] : days.filter((x) => x !== d))
              }
            />{' '}
            {d.charAt(0).toUpperCase() + d.slice(1)}
          </label>
        ))}
        {dayError ? (
          <span className="error" id="days-error">
            {dayError}
          </span>
        ) : null}
      </fieldset>
      <Input
        form={form}
        path="confirmed_page_url"
        label="Page to show after booking"
        kind="nullable-text"
        hint="https://…, or empty for ours"
      />
      <TextArea
        form={form}
        path="service_zips"
        label="ZIP and postal codes you serve"
        hint="One per line or separated by commas; a 3-character Canadian prefix covers its area; empty serves everywhere"
        lines={{}}
      />
    </SectionForm>
  );
}
