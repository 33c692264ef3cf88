'use client';

import { useId, useRef, useState } from 'react';
import { LiveRegion } from './live-region';

/**
 * A secret the API shows once (a server key, a Data API key, a webhook signing secret): the value, a copy
 * button, and the warning that it will not be shown again. The page drops the secret from its state when
 * `onDone` is called ("I have copied it"), so it is not in memory any longer than needed.
 */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone?: () => void }) {
  const id = useId();
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<string>();

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard (an http page other than localhost, or refused): select it for Ctrl+C instead.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied('Selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  }

  return (
    <section className="notice tone-warning" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>{label}</strong>
      </p>
      <p>Copy it now and keep it somewhere safe: you will not see it again.</p>
      <div className="secret">
        <code ref={code} data-testid="secret-value">
          {secret}
        </code>
        <button type="button" className="btn" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
      </div>
      <LiveRegion message={copied} />
      {copied ? <p className="muted">{copied}</p> : null}
      {onDone ? (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={onDone}>
            I have copied it
          </button>
        </div>
      ) : null}
    </section>
  );
}
