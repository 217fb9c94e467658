/**
 * The currencies a courier service may price in and a payment may be taken in, and the shape of
 * money: the vocabulary every package shares, from @consign/shared.
 */
export { CURRENCIES, type Currency, isCurrency, type Money } from '@consign/shared/currency';
