/**
 * TEST MODE payouts: the default whenever PayPal is not configured (and only with
 * ALLOW_TEST_PAYMENTS=1 in production, logged as unsafe), so a fresh checkout can run a payout end
 * to end. No money moves. It answers as PayPal Payouts does where callers can tell:
 *
 * - a batch is created PENDING, idempotent on its sender_batch_id; reading it back finds it
 *   processed: every item SUCCESS, except a receiver whose address has `+unclaimed` in it
 *   (`courier+unclaimed@example.com`), whose item is UNCLAIMED, and `+fail`, FAILED;
 * - an UNCLAIMED item can be cancelled, and is then RETURNED.
 *
 * State: `${dataDir}/test-payments/payouts.json`, replaced atomically, like the test payments.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Semaphore } from '../../lib/mutex';
import { PaymentNotFoundError, PaymentRejectedError, ProviderUnavailableError } from './payments';
import {
  assertPayoutBatchInput,
  type CreatePayoutBatchInput,
  type PayoutBatchResult,
  type PayoutItemResult,
  type PayoutItemState,
  type PayoutProvider,
} from './payouts';

type StoredItem = {
  id: string;
  senderItemId: string;
  receiver: string;
  amount: number;
  currency: string;
  state: PayoutItemState;
};
type StoredBatch = { id: string; senderBatchId: string; processed: boolean; items: StoredItem[] };
type StoreFile = { version: 1; batches: StoredBatch[] };

export interface TestPayoutStore {
  load(): Promise<StoredBatch[]>;
  save(batches: readonly StoredBatch[]): Promise<void>;
}

export function createMemoryTestPayoutStore(): TestPayoutStore {
  let batches: StoredBatch[] = [];
  return {
    load: async () => structuredClone(batches),
    save: async (next) => {
      batches = structuredClone([...next]);
    },
  };
}

export function createFileTestPayoutStore(dir: string): TestPayoutStore {
  const file = join(dir, 'payouts.json');
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new ProviderUnavailableError(`Cannot read the test payouts file ${file}`, { cause: error });
      }
      try {
        const parsed = JSON.parse(text) as StoreFile;
        if (parsed.version !== 1 || !Array.isArray(parsed.batches)) throw new Error('unexpected shape');
        return parsed.batches;
      } catch (error) {
        // Refuse rather than start empty: an empty store would forget payouts already made.
        throw new ProviderUnavailableError(`The test payouts file ${file} is corrupt; move it aside`, {
          cause: error,
        });
      }
    },
    async save(batches) {
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(
        temp,
        `${JSON.stringify({ version: 1, batches: [...batches] } satisfies StoreFile, null, 2)}\n`,
      );
      await rename(temp, file);
    },
  };
}

const newId = (prefix: string) => `${prefix}${randomBytes(7).toString('hex').toUpperCase()}`;

/** What a TEST MODE receiver's address asks for. */
function outcomeFor(receiver: string): PayoutItemState {
  const local = receiver.split('@')[0]?.toLowerCase() ?? '';
  if (local.includes('+unclaimed')) return 'UNCLAIMED';
  if (local.includes('+fail')) return 'FAILED';
  return 'SUCCESS';
}

export class TestPayoutProvider implements PayoutProvider {
  readonly name = 'test' as const;
  readonly #store: TestPayoutStore;
  readonly #mutex = new Semaphore(1);

  constructor(store: TestPayoutStore) {
    this.#store = store;
  }

  async createPayoutBatch(input: CreatePayoutBatchInput): Promise<PayoutBatchResult> {
    assertPayoutBatchInput(input);
    return this.#transaction((batches) => {
      const existing = batches.find((b) => b.senderBatchId === input.senderBatchId);
      if (existing) return { result: header(existing) };
      const batch: StoredBatch = {
        id: newId('TESTBATCH'),
        senderBatchId: input.senderBatchId,
        processed: false,
        items: input.items.map((item) => ({
          id: newId('TESTITEM'),
          senderItemId: item.senderItemId,
          receiver: item.receiver,
          amount: item.amount,
          currency: item.currency,
          state: 'PENDING',
        })),
      };
      batches.push(batch);
      return { result: header(batch), changed: true };
    });
  }

  async getPayoutBatch(providerBatchId: string): Promise<PayoutBatchResult> {
    return this.#transaction((batches) => {
      const batch = batches.find((b) => b.id === providerBatchId);
      if (!batch) throw new PaymentNotFoundError(`No test payout batch ${providerBatchId}`);
      // Processed the first time anyone looks, as PayPal would have by then.
      const changed = !batch.processed;
      if (changed) {
        batch.processed = true;
        for (const item of batch.items) item.state = outcomeFor(item.receiver);
      }
      return { result: { ...header(batch), state: 'SUCCESS', items: batch.items.map(itemResult) }, changed };
    });
  }

  async cancelPayoutItem(providerItemId: string): Promise<PayoutItemResult> {
    return this.#transaction((batches) => {
      const item = batches.flatMap((b) => b.items).find((i) => i.id === providerItemId);
      if (!item) throw new PaymentNotFoundError(`No test payout item ${providerItemId}`);
      if (item.state !== 'UNCLAIMED') {
        throw new PaymentRejectedError(`Test payout item ${providerItemId} is ${item.state}, not UNCLAIMED`, {
          issue: 'ITEM_NOT_UNCLAIMED',
        });
      }
      item.state = 'RETURNED';
      return { result: itemResult(item), changed: true };
    });
  }

  #transaction<T>(work: (batches: StoredBatch[]) => { result: T; changed?: boolean }): Promise<T> {
    return this.#mutex.run(async () => {
      const batches = await this.#store.load();
      const { result, changed } = work(batches);
      if (changed) await this.#store.save(batches);
      return result;
    });
  }
}

function header(batch: StoredBatch): PayoutBatchResult {
  return { providerBatchId: batch.id, state: batch.processed ? 'SUCCESS' : 'PENDING', items: [] };
}

function itemResult(item: StoredItem): PayoutItemResult {
  return {
    providerItemId: item.id,
    senderItemId: item.senderItemId,
    state: item.state,
    transactionId: item.state === 'SUCCESS' ? `TESTTXN${item.id.slice(8)}` : null,
    error: item.state === 'FAILED' ? 'RECEIVER_UNREGISTERED' : null,
  };
}
