// Natural batching: the calls made while earlier ones are being served wait, and are then served together, in arrival
// order. The first call of a quiet moment is served at once, alone, so nothing waits that did not have to; under load a
// round trip to the database serves every call of the moment (the session lookups of concurrent requests, the ride
// claims of concurrent bookings) instead of one each.

/** What `serve` answers for one call: its value, or the error that call fails with. */
export type Served<O> = { value: O } | { error: unknown };

/**
 * A function whose calls are served in batches of at most `most` by `serve`, which answers each call in order. A batch
 * that throws fails each of its calls with the error.
 */
export function batched<I, O>(serve: (items: I[]) => Promise<Served<O>[]>, most = 64): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (err: unknown) => void };
  const waiting: Waiting[] = [];
  let serving = false;

  async function serveAll() {
    serving = true;
    while (waiting.length) {
      const batch = waiting.splice(0, most);
      try {
        const answers = await serve(batch.map((w) => w.item));
        if (answers.length !== batch.length) throw new Error(`batched: ${answers.length} answers for ${batch.length} calls`);
        batch.forEach((w, i) => {
          const answer = answers[i]!;
          if ("error" in answer) w.reject(answer.error);
          else w.resolve(answer.value);
        });
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    serving = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!serving) void serveAll();
    });
}
