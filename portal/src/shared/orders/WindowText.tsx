import { windowParts } from '@consign/shared/tracking';

/**
 * A tracking line that may hold a delivery window ('Out for delivery today, 10:00–12:00'): each
 * window in a span the line cannot break inside, as browsers break after its dash.
 */
export function WindowText({ text }: { text: string }) {
  return (
    <>
      {windowParts(text).map((part, i) =>
        part.window ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never reorder, so their place is their identity.
          <span key={i} className="nowrap">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
