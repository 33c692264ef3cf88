import { highlightParts } from '../lib/highlight';

/** A cell's text with the part a search matched marked (<mark>, which screen readers can announce). */
export function Highlight({ text, q }: { text: string; q: string | null | undefined }) {
  return (
    <>
      {highlightParts(text, q).map((p, i) =>
        p.hit ? (
          <mark key={i} className="hit">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
