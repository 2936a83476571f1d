// Open event streams cost memory and a heartbeat each: one account (or one address) must not be able to hold
// thousands and freeze the server. Counted per server process; beyond a limit the stream is refused with 429
// and Retry-After, and a slot frees as soon as a stream ends.
import type { Context } from "hono";
import type { AppEnv, Deps } from "../lib/context";
import { errorBody } from "../lib/errors";

/** Open streams per signed-in account (a browser with a few tabs open). */
export const STREAMS_PER_ACCOUNT = 6;
/** Open streams per client address (an office or a hotel behind one address). */
export const STREAMS_PER_IP = 40;
/** Open streams in one server process. */
export const STREAMS_TOTAL = 2000;
/**
 * Open streams per valet claim ticket (the guest's phone, a tab or two, a companion's phone). Claim pages have no
 * address or process limit: a stadium's guests share a few carrier addresses, and 10,000 open pages is the target.
 */
export const STREAMS_PER_CLAIM = 6;
/** What a refused client is told to wait, in seconds. */
export const STREAM_RETRY_AFTER_S = 30;

type Counts = { total: number; byAccount: Map<string, number>; byIp: Map<string, number>; byClaim: Map<string, number> };
const countsByApp = new WeakMap<Deps, Counts>();

function countsOf(deps: Deps): Counts {
  let counts = countsByApp.get(deps);
  if (!counts) countsByApp.set(deps, (counts = { total: 0, byAccount: new Map(), byIp: new Map(), byClaim: new Map() }));
  return counts;
}

/** A function that runs `undo` the first time it is called, and does nothing after. */
function once(undo: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    undo();
  };
}

const bump = (m: Map<string, number>, key: string, by: number) => {
  const n = (m.get(key) ?? 0) + by;
  if (n <= 0) m.delete(key);
  else m.set(key, n);
};

/** A slot for one more stream (its release function, to call once when it ends), or null when a limit is reached. */
export function takeStreamSlot(deps: Deps, accountId: string, ip: string): (() => void) | null {
  const counts = countsOf(deps);
  if (counts.total >= STREAMS_TOTAL || (counts.byAccount.get(accountId) ?? 0) >= STREAMS_PER_ACCOUNT || (counts.byIp.get(ip) ?? 0) >= STREAMS_PER_IP) return null;
  const c = counts;
  c.total++;
  bump(c.byAccount, accountId, 1);
  bump(c.byIp, ip, 1);
  return once(() => {
    c.total--;
    bump(c.byAccount, accountId, -1);
    bump(c.byIp, ip, -1);
  });
}

/** A slot for one more stream of claim ticket `ticketId` (STREAMS_PER_CLAIM), or null. */
export function takeClaimStreamSlot(deps: Deps, ticketId: string): (() => void) | null {
  const { byClaim } = countsOf(deps);
  if ((byClaim.get(ticketId) ?? 0) >= STREAMS_PER_CLAIM) return null;
  bump(byClaim, ticketId, 1);
  return once(() => bump(byClaim, ticketId, -1));
}

/** The answer to a stream refused for a limit: 429 with Retry-After. */
export const tooManyStreams = (c: Context<AppEnv>) =>
  c.json(errorBody("too_many_streams", "Too many live connections are open. Close a tab or try again shortly."), 429, { "retry-after": String(STREAM_RETRY_AFTER_S) });
