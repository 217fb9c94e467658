import type { Preview } from '@storybook/preact-vite';

/**
 * The widths the catalogue shows the widget at (docs/widget.md, "The widget's states"): a phone
 * and a desktop page. The browser check (portal/src/e2e/widget-states.spec.ts) opens every story
 * at both, whatever its own width.
 */
const preview: Preview = {
  parameters: {
    layout: 'padded',
    viewport: {
      options: {
        phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
};

export default preview;
