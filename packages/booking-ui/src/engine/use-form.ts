import { useCallback, useRef, useState } from 'react';

/**
 * A form's answers and errors. `set` changes answers and clears their errors (and the form's own);
 * `fail` shows errors and takes the keyboard to the first of them, in the form's order (`order`), at the
 * element the form names for it (`focusTarget`, inside `root`).
 */
export function useForm<A, F extends string>(options: {
  initial: A;
  initialErrors: () => Partial<Record<F, string>>;
  /** The error field an answer's errors are under (the dumpster's sizeYards is 'size'). */
  fieldOf(answer: string): F;
  order: readonly F[];
  focusTarget(field: F, root: HTMLElement): HTMLElement | null | undefined;
}) {
  const [answers, setAnswers] = useState<A>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>(options.initialErrors);
  const root = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;

  const set = useCallback((patch: Partial<A>) => {
    setAnswers((a) => ({ ...a, ...patch }));
    setErrors((e) => {
      const cleared = { ...e, ['form' as F]: undefined };
      for (const k of Object.keys(patch)) delete cleared[latest.current.fieldOf(k)];
      return cleared;
    });
  }, []);

  function fail(errs: Partial<Record<F, string>>) {
    setErrors(errs);
    const field = latest.current.order.find((f) => errs[f]);
    if (!field) return;
    requestAnimationFrame(() => {
      if (root.current) latest.current.focusTarget(field, root.current)?.focus();
    });
  }

  return { answers, setAnswers, errors, setErrors, set, fail, root };
}
