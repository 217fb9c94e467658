import { describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };

// The package is imported from every layer, the API's server bundle included, so it must stay
// dependency-free: a runtime dependency here would become one of every package.
describe('@consign/shared', () => {
  it('has no runtime dependencies', () => {
    expect((manifest as { dependencies?: object }).dependencies).toBeUndefined();
  });
});
