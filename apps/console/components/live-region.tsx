'use client';

import { useEffect, useState } from 'react';

/**
 * A polite live region that exists before anything is said in it (screen readers ignore regions that appear
 * together with their text). Saying the same sentence twice is read twice: the text is cleared first.
 */
export function LiveRegion({ message, assertive = false }: { message?: string; assertive?: boolean }) {
  const [text, setText] = useState('');
  useEffect(() => {
    setText('');
    if (!message) return;
    const t = setTimeout(() => setText(message), 50);
    return () => clearTimeout(t);
  }, [message]);
  return (
    <span className="visually-hidden" aria-live={assertive ? 'assertive' : 'polite'} aria-atomic="true">
      {text}
    </span>
  );
}
