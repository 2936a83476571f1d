// Open event streams cost memory and a heartbeat each: one account (or one address) must not be able to hold
// thousands and freeze the server. Counted per server process; beyond a limit the stream is refused with 429
// and Retry-After, and a slot frees as soon as a stream ends.
import type { Deps } from "../lib/context";

/** Open streams per signed-in account (a browser with a few tabs open). */
export const STREAMS_PER_ACCOUNT = 6;
/** Open streams per client address (an office or a hotel behind one address). */
export const STREAMS_PER_IP = 40;
/** Open streams in one server process. */
export const STREAMS_TOTAL = 2000;
/** What a refused client is told to wait, in seconds. */
export const STREAM_RETRY_AFTER_S = 30;

type Counts = { total: number; byAccount: Map<string, number>; byIp: Map<string, number> };
const countsByApp = new WeakMap<Deps, Counts>();

const bump = (m: Map<string, number>, key: string, by: number) => {
  const n = (m.get(key) ?? 0) + by;
  if (n <= 0) m.delete(key);
  else m.set(key, n);
};

/** A slot for one more stream (its release function, to call once when it ends), or null when a limit is reached. */
export function takeStreamSlot(deps: Deps, accountId: string, ip: string): (() => void) | null {
  let counts = countsByApp.get(deps);
  if (!counts) countsByApp.set(deps, (counts = { total: 0, byAccount: new Map(), byIp: new Map() }));
  if (counts.total >= STREAMS_TOTAL || (counts.byAccount.get(accountId) ?? 0) >= STREAMS_PER_ACCOUNT || (counts.byIp.get(ip) ?? 0) >= STREAMS_PER_IP) return null;
  const c = counts;
  c.total++;
  bump(c.byAccount, accountId, 1);
  bump(c.byIp, ip, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    c.total--;
    bump(c.byAccount, accountId, -1);
    bump(c.byIp, ip, -1);
  };
}
