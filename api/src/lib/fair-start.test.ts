import { describe, expect, it } from 'vitest';
import { fairStart } from './fair-start';

/** One turn of the event loop: what setImmediate queued before it has run, with its microtasks. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A handler that records each start and the turn it started in, costing `ms` on a fake clock. */
function recorder(ms: number) {
  const clock = { t: 0 };
  let turn = 0;
  const starts: Array<{ id: string; turn: number }> = [];
  const handler = (id: string) => {
    starts.push({ id, turn });
    clock.t += ms;
    return `answer ${id}`;
  };
  const countTurns = () => {
    turn++;
    return nextTurn();
  };
  return { clock, starts, handler, countTurns };
}

describe('fairStart', () => {
  it('starts a request on an idle server at once, and hands back its answer', async () => {
    const { handler, starts } = recorder(1);
    const start = fairStart(handler);
    const answer = start('a');
    expect(starts.map((s) => s.id)).toEqual(['a']);
    expect(await answer).toBe('answer a');
  });

  it('starts a backlog in arrival order, a slice of the measured cost per turn, polling between slices', async () => {
    const { clock, handler, starts, countTurns } = recorder(1);
    const start = fairStart(handler, { sliceMs: 4, now: () => clock.t });
    const answers = 'abcdefghij'.split('').map((id) => start(id));
    // The first starts now; the other nine wait for the next turn.
    expect(starts.map((s) => s.id)).toEqual(['a']);
    await countTurns();
    // 4 ms slices of 1 ms requests: four a turn.
    expect(starts.map((s) => s.id).join('')).toBe('abcde');
    // Two requests arrive between turns: they start after the seven that came before them.
    answers.push(start('k'), start('l'));
    await countTurns();
    await countTurns();
    await countTurns();
    expect(starts.map((s) => s.id).join('')).toBe('abcdefghijkl');
    expect(starts.map((s) => s.turn)).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]);
    expect(await Promise.all(answers)).toEqual('abcdefghijkl'.split('').map((id) => `answer ${id}`));
  });

  it('starts fewer a turn when requests cost more, and never none', async () => {
    const { clock, handler, starts, countTurns } = recorder(10);
    const start = fairStart(handler, { sliceMs: 4, now: () => clock.t });
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => start(id));
    for (let i = 0; i < 6; i++) await countTurns();
    // The first slice guesses 1 ms a request (4 started); measured at 10 ms, one a turn after.
    expect(starts.map((s) => s.turn)).toEqual([0, 1, 1, 1, 1, 2]);
    await Promise.all(answers);
  });

  it('passes a failure to its own caller only', async () => {
    const start = fairStart((id: string) => {
      if (id === 'bad') return Promise.reject(new Error('broken'));
      return Promise.resolve(id);
    });
    const results = await Promise.allSettled([start('a'), start('bad'), start('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
