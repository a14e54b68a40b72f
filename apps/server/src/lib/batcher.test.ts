import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

/** A run the test finishes by hand, recording each batch it was given. */
function heldRun() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<string[]>((resolve, reject) =>
      finishers.push(() => (inputs.includes(13) ? reject(new Error('13 fails')) : resolve(inputs.map((n) => `answer ${n}`)))),
    );
  };
  /** Finishes the oldest batch still running, and lets what it starts begin. */
  const finishNext = async () => {
    finishers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, finishNext };
}

describe('calls made together', () => {
  it('run alone when nothing runs, and otherwise wait and go together as the next batch, at most maxBatch', async () => {
    const { batches, run, finishNext } = heldRun();
    const call = createBatcher(run, 3);
    const answers = [1, 2, 3, 4, 5].map(call);
    expect(batches).toEqual([[1]]);
    await finishNext();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishNext();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    await finishNext();
    expect(await Promise.all(answers)).toEqual(['answer 1', 'answer 2', 'answer 3', 'answer 4', 'answer 5']);
  });

  it('that fail together are run again one at a time: only the failing input gets the error', async () => {
    const { batches, run, finishNext } = heldRun();
    const call = createBatcher(run, 10);
    const first = call(1);
    const answers = [12, 13, 14].map((n) => call(n).catch((e: Error) => e.message));
    await finishNext();
    expect(batches).toEqual([[1], [12, 13, 14]]);
    await finishNext(); // the batch fails: each alone now, in turn
    for (let i = 0; i < 3; i += 1) await finishNext();
    expect(batches.slice(2)).toEqual([[12], [13], [14]]);
    expect(await first).toBe('answer 1');
    expect(await Promise.all(answers)).toEqual(['answer 12', '13 fails', 'answer 14']);
  });
});
