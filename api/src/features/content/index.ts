/** The content feature's public surface: other features and the app import nothing else of it. */

export { contactMailSubscriber } from './content.notify';
export { contentRouter } from './content.router';
export { ensureDefaultArticles } from './default-articles';
export { sanitizeArticleHtml } from './sanitize';
