import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApiYaml } from '../src/openapi-document';

const target = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
writeFileSync(target, await renderOpenApiYaml());
console.log(`wrote ${target}`);
