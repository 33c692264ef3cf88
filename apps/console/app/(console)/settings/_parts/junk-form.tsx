'use client';

import { Notice } from '../../../../components/notice';
import { JunkExtras } from './junk-extras';
import { Rows } from './rows';
import { Check, Input, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Junk = Settings['sections']['junk'];

/** Junk removal: online or not, the loads and their prices, the arrival windows and the notice. */
export function JunkForm({ initial, onSaved }: SectionProps<Junk>) {
  const form = useSection('junk', initial, onSaved);
  if (!form.values.junk) {
    return (
      <Notice tone="info" title="Junk removal is not set up">
        <p>Your company does not take junk removal bookings online. Ask us to set it up with your loads and windows.</p>
      </Notice>
    );
  }
  return (
    <SectionForm form={form} label="Junk removal">
      <Check form={form} path="junk.online" label="Take junk removal bookings online" />
      <Input form={form} path="junk.min_notice_days" label="Days of notice" kind="number" inputMode="numeric" />
      <Input
        form={form}
        path="junk.max_advance_days"
        label="Days ahead a job can be booked"
        kind="number"
        inputMode="numeric"
      />
      <Check form={form} path="junk.same_day.allowed" label="Same-day jobs" />
      <Input form={form} path="junk.same_day.cutoff" label="Same-day until (HH:MM)" />
      <h3>Loads</h3>
      <Rows
        form={form}
        path="junk.loads"
        noun="a load"
        title={(r) => (r.label as string) || 'New load'}
        blank={() => ({ load_fraction: '', label: '', description: '', price: 0 })}
        columns={[
          { field: 'load_fraction', label: 'Value (1/4, 1/2, full…)' },
          { field: 'label', label: 'Name' },
          { field: 'description', label: 'What fits' },
          { field: 'price', label: 'Price ($)', kind: 'number' },
        ]}
      />
      <h3>Arrival windows</h3>
      <Rows
        form={form}
        path="junk.windows"
        noun="a window"
        title={(r) => (r.start ? `${r.start} to ${r.end}` : 'New window')}
        blank={() => ({ start: '08:00', end: '10:00', capacity: 1 })}
        columns={[
          { field: 'start', label: 'From (HH:MM)' },
          { field: 'end', label: 'To (HH:MM)' },
          { field: 'capacity', label: 'Jobs at once (crews)', kind: 'number' },
        ]}
      />
      <JunkExtras form={form} />
    </SectionForm>
  );
}
