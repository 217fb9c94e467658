import { render } from 'preact';
import { QuoteWidget, type QuoteWidgetProps } from './QuoteWidget';
import styles from './styles.css?inline';

export interface MountedPanel {
  /** Brings the panel into view and moves keyboard focus to its heading. */
  focus(): void;
  unmount(): void;
}

/** Renders the widget into a shadow root with its stylesheet beside it, so nothing leaks either way. */
export function mountPanel(shadow: ShadowRoot, props: QuoteWidgetProps): MountedPanel {
  const doc = shadow.ownerDocument;
  const style = doc.createElement('style');
  style.textContent = styles;
  const root = doc.createElement('div');
  shadow.append(style, root);
  render(<QuoteWidget {...props} />, root);
  return {
    focus() {
      const heading = shadow.querySelector<HTMLElement>('.title');
      // jsdom and old browsers lack scrollIntoView options; focus alone still scrolls.
      heading?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      heading?.focus({ preventScroll: false });
    },
    unmount() {
      render(null, root);
      style.remove();
      root.remove();
    },
  };
}
