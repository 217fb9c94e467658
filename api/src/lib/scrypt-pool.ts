import { Worker } from 'node:worker_threads';

export type ScryptJob = {
  password: string;
  salt: Buffer;
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
};

/**
 * Linux keeps a nice value per thread, and os.setPriority() without a pid sets the calling
 * thread's: hashing threads reniced this way leave the event loop at the process's own priority,
 * so on a busy core the scheduler runs it first and hashing takes what is left. (Elsewhere the
 * call may renice the whole process or fail, so it is made on Linux only, best-effort.)
 */
// CommonJS, evaluated: no separate file to bundle or resolve, the same under tsx, vitest and the
// production bundle. scryptSync blocks this worker's thread only.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const renice = (nice) => {
  if (process.platform === 'linux') { try { require('node:os').setPriority(nice); } catch {} }
};
renice(require('node:worker_threads').workerData.nice);
parentPort.on('message', ({ id, job, nice }) => {
  if (nice !== undefined) return renice(nice);
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

type Pending = { job: ScryptJob; resolve: (key: Buffer) => void; reject: (err: Error) => void };

/**
 * scrypt on worker threads of their own, at a lower OS priority, rather than on libuv's thread
 * pool: the pool has four threads by default and also reads files (static assets, uploads) and
 * compresses, so four sign-ins at once used to hold up every file read, and hashing competed with
 * the event loop on equal terms. One pool per process, shared by every PasswordHasher (tests
 * open many apps); it grows to the largest size asked for, and idle threads never keep the
 * process alive. Callers bound how many jobs they hand it (PasswordHasher does).
 */
class ScryptPool {
  #idle: Worker[] = [];
  #busy = new Map<Worker, { id: number; pending: Pending }>();
  #queue: Pending[] = [];
  #size = 0;
  #nextId = 0;
  #nice = 0;

  grow(size: number) {
    this.#size = Math.max(this.#size, size);
  }

  /** The nice value of every hashing thread, now and later (one value per process). */
  renice(nice: number) {
    if (nice === this.#nice) return;
    this.#nice = nice;
    for (const worker of [...this.#idle, ...this.#busy.keys()]) worker.postMessage({ nice });
  }

  run(job: ScryptJob): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? (this.#threads() < this.#size ? this.#spawn() : undefined);
      if (!worker) return;
      const pending = this.#queue.shift()!;
      const id = this.#nextId++;
      this.#busy.set(worker, { id, pending });
      worker.ref();
      worker.postMessage({ id, job: pending.job });
    }
  }

  #threads() {
    return this.#idle.length + this.#busy.size;
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: this.#nice } });
    worker.unref();
    worker.on('message', (msg: { id: number; key?: Uint8Array; error?: string }) => {
      const current = this.#busy.get(worker);
      if (!current || current.id !== msg.id) return;
      this.#busy.delete(worker);
      worker.unref();
      this.#idle.push(worker);
      if (msg.error !== undefined) current.pending.reject(new Error(msg.error));
      else current.pending.resolve(Buffer.from(msg.key!));
      this.#dispatch();
    });
    const lost = (err: Error) => {
      const current = this.#busy.get(worker);
      this.#busy.delete(worker);
      this.#idle = this.#idle.filter((w) => w !== worker);
      current?.pending.reject(err);
      this.#dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`scrypt worker exited with code ${code}`)));
    return worker;
  }
}

export const scryptPool = new ScryptPool();
