import { button, escapeHtml, layout } from './layout';
import type { MailMessage } from './mailer';

export function verificationCodeEmail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Consign verification code: ${code}`,
    text: `Your Consign verification code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.\n`,
    html: layout(
      'Your verification code',
      `<p>Your verification code is</p><p style="font-size:32px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>
<p>It expires in 10 minutes. If you did not ask for it, ignore this email.</p>`,
    ),
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Consign password',
    text: `Someone asked to reset the password of your Consign account.\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      `<p>Someone asked to reset the password of your Consign account.</p>
${button(link, 'Choose a new password')}
<p>The link works once, within 30 minutes. If it was not you, ignore this email; your password stays as it is.</p>`,
    ),
  };
}

export function welcomeEmail(
  to: string,
  name: string | null,
  role: 'customer' | 'vendor' | 'admin',
): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const next =
    role === 'vendor'
      ? 'Our team is reviewing your business details and will activate your account shortly. Meanwhile you can add your courier services.'
      : 'You can now compare courier quotes, book and pay, print your label and follow your parcels.';
  return {
    to,
    subject: 'Welcome to Consign',
    text: `${greeting}\n\nYour email is verified and your Consign account is ready.\n${next}\n`,
    html: layout(
      'Welcome to Consign',
      `<p>${escapeHtml(greeting)}</p><p>Your email is verified and your Consign account is ready.</p><p>${escapeHtml(next)}</p>`,
    ),
  };
}
