/**
 * The guides in docs/*.md as pages of the running product: /docs lists them, /docs/<name> shows
 * one (docs/partners.md at /docs/partners), so a partner reads the partner guide from the
 * partner area rather than from the repository. The Markdown is rendered once per process, on
 * first use, with marked (GitHub's heading ids, so `#production-mode` anchors work) and then
 * sanitised with sanitize-html: the pages run no script, and their CSP (GUIDES_CSP) allows none.
 * Links between guides become links between these pages, docs/images/ and docs/examples/ are
 * served beside them, and a link that leaves docs/ (the README) is kept as plain text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { Marked } from 'marked';
import { gfmHeadingId } from 'marked-gfm-heading-id';
import sanitizeHtml from 'sanitize-html';
import { API_REFERENCE_PATH } from './api-reference';
import { staticFiles } from './lib/static-files';

export const GUIDES_PATH = '/docs';

/** docs/ in the repository: one folder above api/ both from src/ and from the bundled dist/. */
export const DOCS_DIR = fileURLToPath(new URL('../../docs/', import.meta.url));

/** The reading order of the index; a guide not named here follows, by name. */
const ORDER = [
  'getting-started',
  'widget',
  'partners',
  'api',
  'payments',
  'configuration',
  'deployment',
  'architecture',
  'contributing',
  'performance',
];

export type Guide = { name: string; slug: string; title: string; html: string };

/** docs/api.md cannot live at /docs/api, which is the API reference itself. */
export const slugFor = (name: string) =>
  `${GUIDES_PATH}/${name}` === API_REFERENCE_PATH ? `${name}-guide` : name;

/**
 * Where a link written in a guide goes once the guide is a page: another guide's page (with its
 * anchor), a file under /docs/images/ or /docs/examples/, the contract at /openapi.json, or
 * null for a file of the repository the server does not serve. Absolute URLs, in-page anchors
 * and root paths are left as written.
 */
export function guideHref(href: string, names: ReadonlySet<string>): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const url = new URL(href, 'https://guides.invalid/docs/');
  const path = url.pathname;
  const guide = /^\/docs\/([a-z0-9-]+)\.md$/.exec(path)?.[1];
  if (guide) return names.has(guide) ? `${GUIDES_PATH}/${slugFor(guide)}${url.hash}` : null;
  if (/^\/docs\/(images|examples)\/[^/]+$/.test(path)) return path;
  if (path === '/openapi.yaml') return '/openapi.json';
  return null;
}

function sanitizeOptions(names: ReadonlySet<string>): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li'],
      ...['a', 'strong', 'em', 'del', 'code', 'pre', 'img', 'span'],
      ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
    ],
    allowedAttributes: {
      ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, ['id']])),
      a: ['href', 'title'],
      img: ['src', 'alt', 'title'],
      th: ['align'],
      td: ['align'],
      ol: ['start'],
    },
    allowedSchemes: ['https', 'http', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href === undefined ? null : guideHref(attribs.href, names);
        return href === null ? { tagName: 'span', attribs: {} } : { tagName, attribs: { ...attribs, href } };
      },
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? null : guideHref(attribs.src, names);
        return { tagName, attribs: { ...attribs, src: src?.startsWith('/docs/images/') ? src : '' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** The address the guides are written for; a running server shows its own PUBLIC_URL instead. */
export const WRITTEN_ORIGIN = 'http://localhost:3000';

/**
 * Every docs/*.md, rendered and sanitised, by its page's slug. `origin` replaces the default
 * address the guides are written for, so a server started with another PORT or PUBLIC_URL
 * gives addresses that work on it.
 */
export function renderGuides(dir: string = DOCS_DIR, origin: string = WRITTEN_ORIGIN): Map<string, Guide> {
  // A deployment that ships only the built server has no docs/: /docs then lists nothing.
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const known = new Set(names);
  const marked = new Marked({ gfm: true }).use(gfmHeadingId());
  const options = sanitizeOptions(known);
  const guides = new Map<string, Guide>();
  for (const name of names) {
    const markdown = readFileSync(join(dir, `${name}.md`), 'utf8').replaceAll(WRITTEN_ORIGIN, origin);
    const title = /^# (.+)$/m.exec(markdown)?.[1]?.replace(/[`*_]/g, '').trim() ?? name;
    const html = sanitizeHtml(marked.parse(markdown, { async: false }), options);
    guides.set(slugFor(name), { name, slug: slugFor(name), title, html });
  }
  return guides;
}

const rank = (name: string) => {
  const i = ORDER.indexOf(name);
  return i === -1 ? ORDER.length : i;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLESHEET_PATH = `${GUIDES_PATH}/guides.css`;

function page(title: string, body: string, current?: string) {
  const nav = [
    `<a href="${GUIDES_PATH}"${current === 'index' ? ' aria-current="page"' : ''}>All guides</a>`,
    `<a href="${API_REFERENCE_PATH}">API reference</a>`,
  ].join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)} · Consign guides</title>
    <link rel="stylesheet" href="${STYLESHEET_PATH}" />
  </head>
  <body>
    <header class="bar">
      <a class="home" href="/">← Consign</a>
      <nav aria-label="Guides">${nav}</nav>
    </header>
    <main class="guide">
${body}
    </main>
  </body>
</html>
`;
}

function indexPage(guides: Map<string, Guide>) {
  const items = [...guides.values()]
    .map((g) => `<li><a href="${GUIDES_PATH}/${g.slug}">${escapeHtml(g.title)}</a></li>`)
    .join('\n');
  return page(
    'Guides',
    `<h1>Consign guides</h1>
<p>How to use, embed, integrate with and run Consign. Every API call is in the <a href="${API_REFERENCE_PATH}">API reference</a>.</p>
<ul class="guides">
${items}
</ul>`,
    'index',
  );
}

/** Plain and readable: the system fonts, a measure for reading, code and tables that scroll. */
const STYLESHEET = `:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --line: #d9dde5; --bg: #fff; --code: #f3f5f8; --link: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3abba; --line: #3a4150; --bg: #14171d; --code: #1f242d; --link: #8ab4ff; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; border-radius: 2px; }
.bar { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; justify-content: space-between; padding: .75rem 1.25rem; border-bottom: 1px solid var(--line); }
.bar nav { display: flex; gap: 1.25rem; }
.bar a { text-decoration: none; font-weight: 600; }
.bar a[aria-current="page"] { text-decoration: underline; }
.guide { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; overflow-wrap: break-word; }
h1 { font-size: clamp(1.5rem, 1rem + 2.5vw, 2rem); line-height: 1.25; margin: .5rem 0 1rem; }
h2 { font-size: clamp(1.25rem, 1rem + 1.25vw, 1.5rem); margin-top: 2.5rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.2rem; margin-top: 2rem; }
code { font: .9em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: .1em .3em; border-radius: 4px; }
pre { background: var(--code); padding: 1rem; border-radius: 6px; overflow-x: auto; }
pre code { padding: 0; background: none; }
table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
blockquote { margin: 1rem 0; padding: .25rem 1rem; border-left: 4px solid var(--line); color: var(--muted); }
img { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 6px; }
.guides { padding-left: 1.25rem; font-size: 1.1rem; }
`;

const PAGE_CACHE = { 'Cache-Control': 'public, max-age=300' };

/**
 * Mounts /docs, /docs/<guide>, the stylesheet and the files under docs/images and docs/examples
 * (the examples as plain text, to read or save, never run as a page of this origin).
 */
// biome-ignore lint/suspicious/noExplicitAny: mounted on the app whatever its environment type.
export function mountGuides(app: Hono<any>, origin: string, dir: string = DOCS_DIR): void {
  let rendered: { guides: Map<string, Guide>; index: string; pages: Map<string, string> } | undefined;
  const site = () => {
    if (!rendered) {
      const guides = renderGuides(dir, origin);
      const pages = new Map([...guides].map(([slug, g]) => [slug, page(g.title, g.html)]));
      rendered = { guides, index: indexPage(guides), pages };
    }
    return rendered;
  };

  app.get(GUIDES_PATH, (c) => c.html(site().index, 200, PAGE_CACHE));
  app.get(STYLESHEET_PATH, (c) =>
    c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8', ...PAGE_CACHE }),
  );
  app.get(
    `${GUIDES_PATH}/images/*`,
    staticFiles(
      { root: join(dir, 'images'), rewriteRequestPath: (p) => p.replace(/^\/docs\/images/, '') },
      { 'X-Content-Type-Options': 'nosniff', ...PAGE_CACHE },
    ),
  );
  app.get(
    `${GUIDES_PATH}/examples/*`,
    staticFiles(
      { root: join(dir, 'examples'), rewriteRequestPath: (p) => p.replace(/^\/docs\/examples/, '') },
      { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...PAGE_CACHE },
    ),
  );
  app.get(`${GUIDES_PATH}/:slug`, (c, next) => {
    const html = site().pages.get(c.req.param('slug'));
    return html === undefined ? next() : c.html(html, 200, PAGE_CACHE);
  });
}
