import { MaterialIcon } from '../../icons';

/** Material's "Scale" glyph: a parcel weighed heavier than booked. */
export const AdjustmentIcon = () => (
  <MaterialIcon path="M14 11V8c4.56-.58 8-3.1 8-6H2c0 2.9 3.44 5.42 8 6v3c-3.68.73-8 3.61-8 11h20c0-7.39-4.32-10.27-8-11zm-2 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2z" />
);
