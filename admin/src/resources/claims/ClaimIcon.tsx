import { MaterialIcon } from '../../icons';

/** Material's "Gavel" glyph: staff decide claims. */
export const ClaimIcon = () => (
  <MaterialIcon path="M1 21h12v2H1v-2zM5.245 8.07l2.83-2.827 14.14 14.142-2.828 2.828L5.245 8.07zM12.317 1l5.657 5.656-2.83 2.83-5.654-5.66L12.317 1zM3.825 9.485l5.657 5.657-2.828 2.828-5.657-5.657 2.828-2.828z" />
);
