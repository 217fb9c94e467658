import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { en } from './en';

type Messages = { [key: string]: string | Messages };
type TranslateOptions = Record<string, unknown> & { smart_count?: number; _?: string };

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Polyglot's conventions, for English: `one |||| many` plurals and `%{name}` placeholders. */
function format(message: string, options: TranslateOptions = {}): string {
  let text = message;
  if (text.includes('||||')) {
    const [one = '', many = one] = text.split('||||').map((form) => form.trim());
    text = options.smart_count === 1 ? one : many;
  }
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    options[name] === undefined ? placeholder : String(options[name]),
  );
}

/**
 * ra-i18n-polyglot and ra-language-english are installed only as react-admin's own dependencies
 * (not importable from this package), so Consign's messages are layered over react-admin's
 * defaultI18nProvider, which is built from exactly those two.
 */
export function createI18nProvider(
  messages: Messages,
  fallback: I18nProvider = defaultI18nProvider,
): I18nProvider {
  return {
    translate: (key: string, options?: TranslateOptions) => {
      const message = lookup(messages, key);
      return message === undefined ? fallback.translate(key, options) : format(message, options);
    },
    changeLocale: (locale, options) => fallback.changeLocale(locale, options),
    getLocale: () => fallback.getLocale(),
    getLocales: () => [{ locale: 'en', name: 'English' }],
  };
}

export const i18nProvider = createI18nProvider(en);
