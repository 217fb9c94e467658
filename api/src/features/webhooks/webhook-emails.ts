import type { MailMessage } from '../../providers/mail';
import { escapeHtml, layout } from '../../providers/mail/layout';

export function endpointDisabledEmail(
  to: string,
  url: string,
  reason: string,
  manageUrl: string,
): MailMessage {
  const text = `Consign has stopped sending events to your webhook endpoint ${url}: ${reason}\n\nThe events are kept. Fix the endpoint, then enable it again in your partner area, and Consign sends the events it missed:\n${manageUrl}\n`;
  return {
    to,
    subject: 'Your Consign webhook endpoint was disabled',
    text,
    html: layout(
      'Webhook endpoint disabled',
      `<p>Consign has stopped sending events to your webhook endpoint <code>${escapeHtml(url)}</code>: ${escapeHtml(reason)}</p>
<p>The events are kept. Fix the endpoint, then enable it again in your partner area, and Consign sends the events it missed.</p>
<p><a href="${escapeHtml(manageUrl)}">Open the partner area</a></p>`,
      'a webhook endpoint of your Consign partner account',
    ),
  };
}
