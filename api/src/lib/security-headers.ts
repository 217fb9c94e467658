import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';

/** Browser features no Consign page uses are off everywhere; payment only for us and PayPal. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
  'browsing-topics=()',
  'payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")',
].join(', ');

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

const common = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
};

/** The portal: its own bundle, Google sign-in and PayPal's checkout buttons. */
export const PORTAL_CSP = policy({
  'default-src': ["'self'"],
  'script-src': [
    "'self'",
    'https://accounts.google.com/gsi/client',
    'https://www.paypal.com',
    'https://www.sandbox.paypal.com',
  ],
  'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://accounts.google.com/gsi/', 'https://*.paypal.com'],
  'frame-src': ['https://accounts.google.com/gsi/', 'https://*.paypal.com'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  ...common,
});

/** react-admin (MUI) injects its styles at run time. */
export const ADMIN_CSP = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  ...common,
});

/** The TEST MODE approval page: inline styles, one form posting to itself, then back to the portal. */
export function testPaymentCsp(publicUrl: string) {
  return policy({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': ["'self'"],
    'form-action': ["'self'", new URL(publicUrl).origin],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
  });
}

/**
 * The API reference (Scalar): its viewer is served from this origin (the installed package), so
 * it works offline; any inline start-up script is allowed by hash.
 */
export function docsCsp(html: string) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.scalar.com'],
    'font-src': ["'self'", 'data:', 'https://fonts.scalar.com'],
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    ...common,
  });
}

/** The widget's catalogue: the partners' Storybook of the widget's states (docs/widget.md). */
export const WIDGET_STATES_PATH = '/docs/widget-states';

/**
 * The built Storybook at WIDGET_STATES_PATH (set by app.ts from the files on disk: they are sent
 * precompressed, so the answer's body is not HTML to read): its files of this origin, its inline
 * start-up scripts by hash, inline styles (the widget's own stylesheet sits in a shadow root), and its
 * story frame framed by its own manager page only.
 */
export function widgetStatesCsp(html: string) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
    ...common,
  });
}

/**
 * Uploaded files (/uploads/): nothing in one may run or load anything, whatever a browser makes of
 * it (an image opened on its own keeps its inline styles). No `sandbox`: Chrome then refuses to show
 * a PDF at all; PDFs are sent as downloads instead (`UPLOAD_PDF_DISPOSITION`).
 */
export const UPLOADS_CSP = policy({
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
});

/** A PDF upload (a claim's proof of value) is saved, never opened as a page of this origin. */
export const UPLOAD_PDF_DISPOSITION = 'attachment; filename="proof-of-value.pdf"';

/** The guides (/docs, /docs/<guide>): sanitised HTML and one stylesheet of this origin, no script at all. */
export const GUIDES_CSP = policy({
  'default-src': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
});

/**
 * Content-Security-Policy on every HTML page by surface; Permissions-Policy on everything; and
 * API answers are never stored by browsers or proxies (they carry tokens and personal data)
 * unless a route chose a cache policy itself, as public reference data does.
 */
export const securityHeaders = (options: { apiBase: string; testPaymentsPath: string }) =>
  createMiddleware<{ Variables: { deps: { config: Pick<Config, 'publicUrl'> } } }>(async (c, next) => {
    await next();
    const { res } = c;
    res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    const type = res.headers.get('Content-Type') ?? '';
    const path = c.req.path;
    if (path.startsWith(`${options.apiBase}/`) && !res.headers.has('Cache-Control')) {
      res.headers.set('Cache-Control', 'no-store');
    }
    if (!type.startsWith('text/html') || res.headers.has('Content-Security-Policy')) return;
    let csp: string;
    if (path.startsWith(options.testPaymentsPath)) csp = testPaymentCsp(c.get('deps').config.publicUrl);
    else if (path === '/docs/api') csp = docsCsp(await res.clone().text());
    else if (path === '/docs' || path.startsWith('/docs/')) csp = GUIDES_CSP;
    else if (path === '/admin' || path.startsWith('/admin/')) csp = ADMIN_CSP;
    else csp = PORTAL_CSP;
    res.headers.set('Content-Security-Policy', csp);
  });
