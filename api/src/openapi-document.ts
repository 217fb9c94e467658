import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { createApp, openApiDocument } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import { createLogger } from './lib/logger';

/** The committed openapi.yaml is exactly this text; the drift test compares the two. */
export async function renderOpenApiYaml(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'consign-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'openapi-generation-only-secret-0000000000',
      LOG_LEVEL: 'silent',
      STATIC_ROOT: join(dir, 'none'),
    });
    const deps = await createDeps(config, createLogger('silent'));
    const doc = openApiDocument(createApp(deps));
    deps.db.$client.close();
    return `# Generated from the API's routes by \`pnpm openapi\`. Do not edit by hand.\n${stringify(doc, { aliasDuplicateObjects: false })}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
