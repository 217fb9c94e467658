/**
 * A response body written straight into UTF-8 bytes, for the one hot route that assembles its
 * JSON from ready pieces (the quote: quote-record.ts `writeOptionsJson`).
 *
 * Not a string: a string of many pieces is flattened twice by the HTTP layer (for its length and
 * onto the socket); bytes are copied once (docs/performance.md, "A quote's body as bytes").
 *
 * Constant pieces are encoded once (`utf8`) and copied; numbers are written digit by digit.
 */

/** The UTF-8 bytes of `text`, for pieces encoded once and written many times. */
export function utf8(text: string): Uint8Array {
  // A copy into its own ArrayBuffer: Buffer.from may hand out a slice of a shared pool.
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

/**
 * Below this many bytes a piece is copied byte by byte: `TypedArray.prototype.set` costs more
 * than the loop for the short pieces (`,"vat":`, a date) that make up most of a quote.
 */
const SHORT_PIECE = 8;

export class JsonBytes {
  #buf: Buffer<ArrayBuffer>;
  #pos = 0;

  /** `capacity`: the expected size; the buffer grows when it was too small. */
  constructor(capacity: number) {
    this.#buf = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  #room(n: number) {
    if (this.#pos + n <= this.#buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.#pos + n));
    this.#buf.copy(bigger, 0, 0, this.#pos);
    this.#buf = bigger;
  }

  /** Bytes made by `utf8` (or any UTF-8 JSON text's bytes), as they are. */
  bytes(piece: Uint8Array): this {
    const n = piece.length;
    this.#room(n);
    const buf = this.#buf;
    const pos = this.#pos;
    if (n < SHORT_PIECE) for (let i = 0; i < n; i++) buf[pos + i] = piece[i]!;
    else buf.set(piece, pos);
    this.#pos = pos + n;
    return this;
  }

  /** JSON text held as a string (already escaped: this writes it, it does not quote it). */
  text(json: string): this {
    // Three bytes a UTF-16 unit is the most UTF-8 needs; cheaper than measuring the text.
    this.#room(json.length * 3);
    this.#pos += this.#buf.write(json, this.#pos, 'utf8');
    return this;
  }

  /** A byte of ASCII (a bracket, a comma). */
  ascii(code: number): this {
    this.#room(1);
    this.#buf[this.#pos++] = code;
    return this;
  }

  /** A number as `JSON.stringify` writes it: integers digit by digit, anything else by V8. */
  number(n: number): this {
    if (!(n >= 0 && n <= 0x7fffffff && (n | 0) === n)) {
      // Negative, fractional, large or not finite: JSON's own text (null for NaN and infinities).
      const text = Number.isFinite(n) ? String(n) : 'null';
      this.#room(text.length);
      for (let i = 0; i < text.length; i++) this.#buf[this.#pos++] = text.charCodeAt(i);
      return this;
    }
    let digits = 1;
    for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
    this.#room(digits);
    const buf = this.#buf;
    for (let i = this.#pos + digits - 1; i >= this.#pos; i--) {
      buf[i] = 48 + (n % 10);
      n = (n / 10) | 0;
    }
    this.#pos += digits;
    return this;
  }

  /** The bytes written, as a view of the buffer (which is never written again). */
  finish(): Buffer<ArrayBuffer> {
    return this.#buf.subarray(0, this.#pos);
  }
}
