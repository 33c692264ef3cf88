'use client';

import { useEffect, useRef } from 'react';

/**
 * A page of the console that failed while rendering in the browser: a sentence and a way to try again,
 * inside the shell (the navigation still works). The error itself goes to the browser's console only.
 */
export default function ConsolePageError({ error, reset }: { error: Error; reset: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    console.error(error);
    heading.current?.focus();
  }, [error]);
  return (
    <div className="notice tone-danger" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        This page did not load
      </h1>
      <p>Something went wrong while showing it. Try again; if it keeps happening, reload the console.</p>
      <button type="button" className="btn" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
