'use client';

import { Notice } from '../../../../components/notice';
import { Rows } from './rows';
import { Input, SectionForm } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

type Fleet = Settings['sections']['fleet'];
type Sizes = readonly (readonly [string, string])[];

/**
 * The fleet (docs/decisions/fleet.md): the cans of each size (blank: not counted, sold on every open
 * day), the turnaround, and cans in repair. Owners change it; staff see it (the API refuses their save).
 */
export function FleetForm({ initial, onSaved, sizes, owner }: SectionProps<Fleet> & { sizes: Sizes; owner: boolean }) {
  const current = initial.fleet;
  const start = {
    fleet: {
      turnaround_days: current?.turnaround_days ?? 0,
      sizes: sizes.map(([key]) => ({ size: key, cans: current?.sizes.find((s) => s.size === key)?.cans ?? null })),
      out_of_service: current?.out_of_service ?? [],
    },
  };
  const form = useSection('fleet', start, onSaved);
  const counted = (sizes[0]?.[0] ?? '') as string;
  return (
    <SectionForm form={form} label="Fleet">
      <p className="muted">
        Give a size its number of cans and your booking page, widget and API sell it only while one is free for the
        whole rental: from the delivery day through the pickup day plus the turnaround. Leave it blank to sell it on
        every open day. See the cans out on the <a href="/fleet">Fleet page</a>.
      </p>
      {owner ? null : <Notice tone="info">Only an owner can change the fleet: ask an owner of the company.</Notice>}
      <fieldset disabled={!owner}>
        <legend>Cans owned</legend>
        {sizes.map(([key, label], i) => (
          <Input
            key={key}
            form={form}
            path={`fleet.sizes.${i}.cans`}
            label={label}
            kind="nullable-number"
            inputMode="numeric"
            hint="Blank: not counted"
          />
        ))}
        <Input
          form={form}
          path="fleet.turnaround_days"
          label="Turnaround (days a can stays in the yard after a pickup)"
          kind="number"
          inputMode="numeric"
        />
      </fieldset>
      <fieldset disabled={!owner}>
        <legend>Cans in repair</legend>
        <Rows
          form={form}
          path="fleet.out_of_service"
          noun="cans in repair"
          title={(r) => `${sizes.find(([k]) => k === r.size)?.[1] ?? 'A size'}${r.from ? ` from ${r.from}` : ''}`}
          blank={() => ({ size: counted, from: '', to: '', cans: 1, note: null })}
          columns={[
            { field: 'size', label: 'Size', options: sizes },
            { field: 'from', label: 'From', type: 'date' },
            { field: 'to', label: 'Through', type: 'date' },
            { field: 'cans', label: 'Cans', kind: 'number' },
            { field: 'note', label: 'Note', kind: 'nullable-text' },
          ]}
        />
      </fieldset>
    </SectionForm>
  );
}
