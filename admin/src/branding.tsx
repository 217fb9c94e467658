import { defaultTheme, Layout, type LayoutProps, type RaThemeOptions } from 'react-admin';

/** Consign's blues (portal/src/styles.css --brand-*), so the console reads as the same product. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1a52b8', dark: '#0b2e6f', contrastText: '#ffffff' },
    secondary: { main: '#0b2e6f', contrastText: '#ffffff' },
  },
};

export function ConsignLayout(props: LayoutProps) {
  return <Layout {...props} />;
}
