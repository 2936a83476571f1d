// A named point where a test can stop a real server process (TEST_PAUSE_AT=<name>, env.ts; ignored in production):
// the process says so on stderr ("paused at <name>") and waits there for ever, so the test kills it (SIGKILL) at
// exactly that point, e.g. between a card's authorisation and the booking's write (payments/hold-sweep.test.ts).
import type { Env } from "../env";

export async function pauseHereInTests(env: Pick<Env, "TEST_PAUSE_AT">, name: string): Promise<void> {
  if (env.TEST_PAUSE_AT !== name) return;
  process.stderr.write(`paused at ${name}\n`);
  await new Promise<never>(() => {});
}
