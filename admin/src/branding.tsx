import { defaultTheme, Layout, type LayoutProps, type RaThemeOptions } from 'react-admin';

/** Consign's blues (portal/src/styles.css --brand-*), so the console reads as the same product. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1a52b8', dark: '#0b2e6f', contrastText: '#ffffff' },
    secondary: { main: '#0b2e6f', contrastText: '#ffffff' },
  },
  components: {
    ...defaultTheme.components,
    // react-admin's spinners (the app bar's while anything loads, a field's while it fetches) are
    // progress bars with no name, which axe reports as serious: each is named "Loading".
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
};

/**
 * react-admin sizes the layout to fit its widest content (`min-width: fit-content`), and flex
 * items do not shrink below theirs: on a phone a table of dates then pushed the whole page
 * sideways. Letting them shrink makes a wide table scroll inside its own box.
 */
const SHRINKABLE = {
  minWidth: 0,
  '& .RaLayout-content, & .RaShow-main > .MuiCard-root, & .RaList-main, & .RaList-main > .MuiPaper-root': {
    minWidth: 0,
  },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  // Half the cells' side padding on a phone: 32 px a column is a tenth of a 320 px screen.
  '& .RaDataTable-rowCell, & .RaDataTable-headerCell': { px: { xs: 1, sm: 2 } },
};

export function ConsignLayout(props: LayoutProps) {
  return <Layout {...props} sx={SHRINKABLE} />;
}
