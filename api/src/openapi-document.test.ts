import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderOpenApiYaml } from './openapi-document';

describe('openapi.yaml', () => {
  it('matches the routes (run `pnpm openapi` after changing a route)', async () => {
    const committed = readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8');
    expect(committed === (await renderOpenApiYaml()), 'openapi.yaml is out of date: run `pnpm openapi`').toBe(
      true,
    );
  });
});
