import type { StorybookConfig } from '@storybook/preact-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/preact-vite', options: {} },
  core: {
    disableTelemetry: true,
    // The package's own vite.config.ts builds the one-file script (library mode); stories need an app build.
    builder: { name: '@storybook/builder-vite', options: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
};

export default config;
