/**
 * Calls made while a batch runs wait, and go together as the next batch: one batch runs at a time,
 * so a call alone runs at once, and under load each batch takes whatever arrived during the last
 * (at most `maxBatch`). `run` answers one result per input, in the inputs' order. A batch of several
 * that fails runs again one input at a time, so an input's failure is its own and the others still
 * get their answers.
 */
export function createBatcher<I, O>(run: (inputs: I[]) => Promise<O[]>, maxBatch: number): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Call[] = [];
  let running = false;

  const settle = async (batch: Call[]): Promise<void> => {
    try {
      const outputs = await run(batch.map((call) => call.input));
      batch.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const call of batch) await settle([call]);
    }
  };

  const next = (): void => {
    if (running || waiting.length === 0) return;
    running = true;
    void settle(waiting.splice(0, maxBatch)).finally(() => {
      running = false;
      next();
    });
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      next();
    });
}
