import type { OpenAPIHono } from '@hono/zod-openapi';

type RouteEntry = { method: string; pattern: RegExp; mediaTypes: string[] };

/**
 * What the contract says about a path, for answers the router cannot give: which methods exist
 * on it (405 with Allow) and which body media types a route accepts (415 naming them). Built
 * once from the OpenAPI registry, so every route, whoever adds it, is covered.
 */
export class RouteTable {
  #entries: RouteEntry[] | undefined;

  constructor(private readonly app: OpenAPIHono<any>) {}

  get #routes(): RouteEntry[] {
    this.#entries ??= this.app.openAPIRegistry.definitions.flatMap((def) => {
      if (def.type !== 'route') return [];
      const { method, path, request } = def.route;
      const source = path
        .split('/')
        .map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/');
      const content = (request?.body as { content?: Record<string, unknown> } | undefined)?.content;
      return [
        {
          method: method.toUpperCase(),
          pattern: new RegExp(`^${source}/?$`),
          mediaTypes: Object.keys(content ?? {}),
        },
      ];
    });
    return this.#entries;
  }

  /** Methods the contract has for this path (HEAD with GET), or none. */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.#routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  mediaTypes(method: string, path: string): string[] {
    return this.#routes.find((r) => r.method === method && r.pattern.test(path))?.mediaTypes ?? [];
  }
}
