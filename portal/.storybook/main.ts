import type { StorybookConfig } from '@storybook/react-vite';

// The portal's shared form parts, browsed locally (`pnpm storybook`); their states are rendered and
// checked with axe by the unit tests (src/components/stories.test.tsx), not by a second build.
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: {
    disableTelemetry: true,
    // The portal's vite.config.ts splits the app's bundles and proxies the API: stories need neither.
    builder: { name: '@storybook/builder-vite', options: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
};

export default config;
