/** Caps how many expensive jobs (password hashing) run at once; the rest queue. */
export class Semaphore {
  #free: number;
  #waiters: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Jobs waiting for a free slot. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** True when a job started now would have to wait. */
  get full(): boolean {
    return this.#free === 0;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiters.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.#waiters.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
