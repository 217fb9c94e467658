import { button, escapeHtml, layout } from './layout';
import type { MailMessage } from './mailer';

/** `resetUrl` is added when someone signed up again: the owner may have forgotten the password they chose. */
/**
 * The code activates the one sign-up it was sent for, with the password chosen in it; the
 * subject carries no code, so mail logs and lock-screen previews do not either.
 */
export function verificationCodeEmail(to: string, code: string, signedUpAt: Date): MailMessage {
  const when = `${signedUpAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const scope = `It confirms the sign-up made at ${when}, with the password chosen in it, and no other. It expires in 10 minutes.`;
  const ignore = 'If you did not sign up then, ignore this email: without this code nothing is created.';
  return {
    to,
    subject: 'Your Consign verification code',
    text: `Your Consign verification code is ${code}.\n\n${scope}\n\n${ignore}\n`,
    html: layout(
      'Your verification code',
      `<p>Your verification code is</p><p style="font-size:32px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>
<p>${escapeHtml(scope)}</p><p>${escapeHtml(ignore)}</p>`,
    ),
  };
}

/** Someone signed up with the email of a verified account: tell the owner instead of the caller. */
export function accountExistsEmail(to: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Consign account',
    text: `Someone tried to create a Consign account with this email, but you already have one.\n\nSign in with your password, or if you forgot it, reset it here: ${resetUrl}\n\nIf it was not you, ignore this email; nothing has changed.\n`,
    html: layout(
      'You already have an account',
      `<p>Someone tried to create a Consign account with this email, but you already have one.</p>
<p>Sign in with your password, or reset it if you forgot it.</p>${button(resetUrl, 'Reset my password')}
<p>If it was not you, ignore this email; nothing has changed.</p>`,
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

/** Many wrong passwords for the account in a short time: told once per burst, with a way out. */
export function failedSignInsEmail(to: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'Many failed sign-ins to your Consign account',
    text: `Someone has just tried many wrong passwords for your Consign account.\n\nYou can still sign in as usual: the addresses making the tries are held back, not you. If you think someone knows or is guessing your password, choose a new one here: ${resetUrl}\n`,
    html: layout(
      'Many failed sign-ins',
      `<p>Someone has just tried many wrong passwords for your Consign account.</p>
<p>You can still sign in as usual: the addresses making the tries are held back, not you. If you think someone knows or is guessing your password, choose a new one.</p>${button(resetUrl, 'Choose a new password')}`,
    ),
  };
}

export function welcomeEmail(
  to: string,
  name: string | null,
  role: 'customer' | 'vendor' | 'partner' | 'admin',
): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const next =
    role === 'vendor'
      ? 'Our team is reviewing your business details and will activate your account shortly. Meanwhile you can add your courier services.'
      : role === 'partner'
        ? "Your shop's partner area (orders, keys and webhooks) is at /partner once you sign in."
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
