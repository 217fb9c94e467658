import { MaterialIcon } from '../../icons';

/** Material's "Article" glyph, inline (see icons.tsx). */
export const ArticleIcon = () => (
  <MaterialIcon path="M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-5 14H7v-2h7v2zm3-4H7v-2h10v2zm0-4H7V7h10v2z" />
);
