'use client';

import { Field } from '../../../../components/field';
import { Notice } from '../../../../components/notice';
import { Rows } from './rows';
import { SectionForm, TextArea } from './section-form';
import { type SectionProps, type Settings, useSection } from './use-section';

/** The config's `permits` block (docs/company-config.md, docs/decisions/street-permits.md); null: not asked. */
export type Permits = Settings['sections']['permits'];
type PermitRule = NonNullable<Permits['permits']>['rules'][number];

const STREET = [
  ['permit', 'Permit needed'],
  ['allowed', 'No permit'],
  ['not_allowed', 'Not allowed'],
] as const;
const APPLIES = [
  ['company', 'We apply'],
  ['customer', 'The customer'],
] as const;

const blankRule = (): PermitRule => ({
  name: '',
  zips: [],
  cities: [],
  street: 'permit',
  applies: 'company',
  lead_days: 0,
  city_fee: 0,
  handling_fee: 0,
  covers_days: null,
  extension_fee: 0,
  taxable: false,
  instructions: '',
});

/**
 * Street permits: with rules on, the booking page asks where the dumpster sits and, for the street, applies the
 * city's rule of the address (the first that matches its ZIP or city): a permit's lead days move the first
 * delivery day and its fees are a line of the quote. Owners change them; staff see them (the API refuses
 * their save). Every problem shows under its field (`permits.rules.0.lead_days`).
 */
export function PermitsForm({ initial, onSaved, owner }: SectionProps<Permits> & { owner: boolean }) {
  const form = useSection('permits', initial, onSaved);
  const on = form.values.permits !== null;
  const elsewhere = form.bind('permits.elsewhere');
  return (
    <SectionForm form={form} label="Street permits">
      <p className="muted">
        A dumpster on the street needs a city permit in many places, applied for days ahead. Turn the rules on and your
        booking page, widget and API ask where the dumpster will sit; an order that needs a permit you apply for shows
        under Needs action with its deadline, and dispatch waits for it.
      </p>
      {owner ? null : (
        <Notice tone="info">Only an owner can change the permit rules: ask an owner of the company.</Notice>
      )}
      <fieldset disabled={!owner}>
        <legend>Street placement</legend>
        <div className="field field-check">
          <label>
            <input
              type="checkbox"
              name="permits"
              checked={on}
              onChange={(e) =>
                form.update('permits', e.target.checked ? { elsewhere: 'allowed', rules: [blankRule()] } : null)
              }
            />{' '}
            Ask customers where the dumpster will sit, and apply these permit rules
          </label>
        </div>
        {on ? (
          <>
            <Field label="Where no rule matches the address, the street is" {...elsewhere} name="permits.elsewhere">
              {(control) => (
                <select {...control} value={elsewhere.value} onChange={elsewhere.onChange}>
                  <option value="allowed">Allowed, no permit</option>
                  <option value="not_allowed">Not allowed</option>
                </select>
              )}
            </Field>
            <Rows
              form={form}
              path="permits.rules"
              noun="a city rule"
              title={(r) => (r.name as string) || 'New city rule'}
              blank={blankRule}
              columns={[
                { field: 'name', label: 'Name (shown to customers)' },
                { field: 'street', label: 'On the street', options: STREET },
                { field: 'applies', label: 'Who applies', options: APPLIES },
                { field: 'lead_days', label: 'Lead days', kind: 'number' },
                { field: 'city_fee', label: "City's fee ($)", kind: 'number' },
                { field: 'handling_fee', label: 'Your handling fee ($)', kind: 'number' },
                { field: 'covers_days', label: 'Days it covers (blank: no expiry)', kind: 'nullable-number' },
                { field: 'extension_fee', label: 'Each extension ($)', kind: 'number' },
                { field: 'taxable', label: 'Tax the permit fee', kind: 'check' },
              ]}
              more={(i) => <RuleWhere form={form} index={i} />}
            />
          </>
        ) : null}
      </fieldset>
    </SectionForm>
  );
}

/** A rule's ZIP codes and cities (one a line) and what customers are told of the city's permit. */
function RuleWhere({ form, index }: { form: ReturnType<typeof useSection<Permits>>; index: number }) {
  const base = `permits.rules.${index}`;
  const ruleError = form.errors.fields[base];
  return (
    <div className="nested">
      {ruleError ? (
        <p className="error" role="alert">
          {ruleError}
        </p>
      ) : null}
      <div className="field-row">
        <TextArea form={form} path={`${base}.zips`} label="ZIP codes" hint="One a line" lines={{}} rows={3} />
        <TextArea
          form={form}
          path={`${base}.cities`}
          label="Cities"
          hint="One a line, as customers type it"
          lines={{}}
          rows={3}
        />
      </div>
      <TextArea
        form={form}
        path={`${base}.instructions`}
        label="What the city requires (shown to customers)"
        rows={2}
      />
    </div>
  );
}
