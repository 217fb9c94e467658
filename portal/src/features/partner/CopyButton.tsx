import { useEffect, useState } from 'react';

/** Copies `text`; says "Copied" for a moment, or that copying was refused. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={label}
        onClick={() =>
          void (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('No clipboard'))).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copying was not allowed' : ''}
      </span>
    </>
  );
}
