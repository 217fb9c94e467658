/**
 * The pieces every Consign email is built from, so that account, order and job emails look
 * alike and escape alike. Anything a person typed goes through `escapeHtml` in the HTML part and
 * through `oneLine` in a subject.
 */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A subject stays on one line: a line break in a typed name could otherwise inject headers. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 80);

/**
 * The branded page around an email's body. `reason` finishes the footer's "You received this
 * email because of …". The card is 560 px at most and narrows with the screen (a phone's mail
 * app shows it at its own width), and long words such as links break rather than widen it.
 */
export function layout(title: string, bodyHtml: string, reason = 'activity on your Consign account'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a2233">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;overflow-wrap:anywhere;word-break:break-word"><p style="font-size:20px;font-weight:bold;color:#0b3d91;margin:0 0 16px">Consign</p>${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:32px">Consign Ltd, registered in England and Wales. You received this email because of ${escapeHtml(reason)}.</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** An https or http address as a link (its own text), anything else as escaped text. */
export function linkOrText(value: string): string {
  if (!/^https?:\/\/\S+$/.test(value)) return escapeHtml(value);
  const href = escapeHtml(value);
  return `<a href="${href}" style="color:#0b3d91">${href}</a>`;
}

export function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#0b3d91;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

export type Rows = [label: string, value: string][];

/** Label/value rows as an HTML table; both sides are escaped, and a value that is an address is a link. */
export function table(rows: Rows): string {
  return `<table role="presentation" cellpadding="4" cellspacing="0">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="padding-right:12px;overflow-wrap:normal;word-break:normal">${escapeHtml(k)}</th><td>${linkOrText(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** The same rows for the plain-text part. */
export const textRows = (rows: Rows) => rows.map(([k, v]) => `${k}: ${v}`).join('\n');
