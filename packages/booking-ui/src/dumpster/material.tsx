import type { Materials } from '@svc/sdk';
import { described, ErrorText, Section } from '../ui/fields';
import type { Answers, FieldProps, SetAnswers } from './answers';

export type Material = Materials['materials'][number];

/** Rule 1 of the order flow: the material before the size, when the company prices by material. */
export function MaterialSection(
  props: FieldProps & { materials: Materials; answers: Answers; set: SetAnswers; requiresAck: Material | undefined },
) {
  const { materials, answers, set, id, errors } = props;
  return (
    <Section title="What are you throwing away?" id={id('material')}>
      <fieldset aria-describedby={errors.material ? `${id('material')}-err` : undefined}>
        <legend className="sr">Material</legend>
        <div className="cards">
          {materials.materials.map((m) => (
            <label className="card" key={m.slug}>
              <input
                type="radio"
                name={id('material')}
                value={m.slug}
                checked={answers.material === m.slug}
                onChange={() => set({ material: m.slug, ack: false })}
              />
              <span className="title">{m.label}</span>
              {m.explanation ? <span className="meta">{m.explanation}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText id={id} errors={errors} field="material" />
      {materials.note ? <p className="hint">{materials.note}</p> : null}
      {props.requiresAck ? (
        <div>
          <label className="check" htmlFor={id('ack')}>
            <input
              type="checkbox"
              {...described(id, errors, 'ack')}
              checked={answers.ack}
              onChange={(e) => set({ ack: e.target.checked })}
            />
            <span>
              I confirm the load will be only <strong>{props.requiresAck.label.toLowerCase()}</strong>
              {props.requiresAck.explanation ? `: ${props.requiresAck.explanation}` : '.'}
            </span>
          </label>
          <ErrorText id={id} errors={errors} field="ack" />
        </div>
      ) : null}
    </Section>
  );
}
