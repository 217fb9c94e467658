import { MaterialIcon } from '../../icons';

/** Material's "Store" glyph, inline (see icons.tsx). */
export const DropOffIcon = () => (
  <MaterialIcon path="M20 4H4v2h16V4zm1 10v-2l-1-5H4l-1 5v2h1v6h10v-6h4v6h2v-6h1zm-9 4H6v-4h6v4z" />
);
