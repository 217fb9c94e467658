/**
 * How a parcel starts with a courier service (collection, drop-off or both; label printed or
 * printerless) and the weekdays of drop-off points' opening hours: the vocabulary shared with the
 * front ends (@consign/shared/handover).
 */
export {
  DEFAULT_HANDOVER,
  DEFAULT_LABEL_MODE,
  formatOpenings,
  HANDOVER_VALUES,
  type Handover,
  LABEL_MODE_VALUES,
  type LabelMode,
  needsDropOffPoint,
  type OpeningInterval,
  parseClosedDates,
  parseOpenings,
  takesDropOff,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '@consign/shared/handover';
