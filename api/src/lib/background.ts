import type { Logger } from './logger';

/**
 * Work a request starts but does not wait for, such as mail that must not make an answer slower
 * (or faster) depending on whether an account exists. Failures are logged, never thrown; tests
 * await idle() to see the effects.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = Promise.resolve()
      // Start after the current request has answered.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => this.logger.error({ err, task: name }, 'background task failed'),
      )
      .finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
