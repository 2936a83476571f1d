// A ride booking's key is claimed under its service days' locks, with the availability check (decision 020). The claims
// that arrive while this process is making others wait, and are then made together, in arrival order: one transaction
// takes every day's lock and inserts their keys with their cards' hold sweeps (one statement), checks them on one picture
// of their windows, each counting the claims allowed before it, lets the refused go again and commits. Under load the
// bookings of a moment share the transaction's statements, and the days' locks are taken once for them all, not once
// per booking (issue 24 point 5).
import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db, type Tx } from "../db/client";
import { holdSweepJob, type SweepCall } from "../payments";
import type { Deps } from "../lib/context";
import type { RideHold, RideToSell } from "../lib/availability-port";
import type { HttpError } from "../lib/errors";
import { batched, type Served } from "../lib/batched";

/** A key to claim for a ride: its request's hash, the ride it holds and the card authorisation that follows. */
export type RideClaim = { userId: string; key: string; hash: string; ride: RideToSell; sweep: SweepCall };

/** What a claim holds while its booking is in progress (idempotency_keys.response_body). */
export const holdOf = (ride: RideToSell): RideHold => ({ hold: { pickupAt: ride.pickupAt.toISOString(), minutes: ride.minutes, vehicleTypeId: ride.vehicleTypeId } });

const claimers = new WeakMap<Deps, (claim: RideClaim) => Promise<{ at: Date } | null>>();

/**
 * Claims the key, with the ride's availability checked: its claim's time (the token of the claim), or null when the key
 * is held already (the caller takes the single way: a retry waits for its answer; a stale claim is taken over). Throws
 * the 409 when the ride cannot be sold.
 */
export function claimRideKey(deps: Deps, claim: RideClaim): Promise<{ at: Date } | null> {
  let claimer = claimers.get(deps);
  if (!claimer) claimers.set(deps, (claimer = batched((claims: RideClaim[]) => makeClaims(deps, claims))));
  return claimer(claim);
}

const idOf = (c: { userId: string; key: string }) => JSON.stringify([c.userId, c.key]);

async function makeClaims(deps: Deps, batch: RideClaim[]): Promise<Served<{ at: Date } | null>[]> {
  const at = new Date();
  // The same key twice in one batch (a double submit): the first is claimed, the second finds it held.
  const first = new Map<string, number>();
  batch.forEach((c, i) => first.has(idOf(c)) || first.set(idOf(c), i));
  const claims = [...first.values()].map((i) => batch[i]!);

  const { claimed, answers } = await deps.database.db.transaction(async (tx) => {
    const claimed = await insertClaims(tx, claims, at, deps.availability.sellingLocks(claims.map((c) => c.ride)));
    const mine = claims.filter((c) => claimed.has(idOf(c)));
    const answers = new Map<RideClaim, HttpError | null>();
    if (!mine.length) return { claimed, answers };
    const checked = await deps.availability.checkLocked(
      tx,
      mine.map((c) => ({ ride: c.ride, notCounted: { claim: { userId: c.userId, key: c.key } } })),
    );
    mine.forEach((c, i) => answers.set(c, checked[i] ?? null));
    const refused = mine.filter((c) => answers.get(c));
    if (refused.length) await letGo(tx, refused, refused.flatMap((c) => claimed.get(idOf(c)) ?? []));
    return { claimed, answers };
  });

  if ([...answers.values()].some((refused) => !refused)) deps.availability.invalidate();
  return batch.map((c, i) => {
    if (first.get(idOf(c)) !== i || !claimed.has(idOf(c))) return { value: null };
    const refused = answers.get(c);
    return refused ? { error: refused } : { value: { at } };
  });
}

/**
 * The keys and, for each key claimed, its card's hold sweep (durable before the card is touched: should this process die
 * before the booking is saved, the sweep releases the hold), with the days' locks: one statement. Answers the keys
 * claimed, each with the id of the sweep it scheduled (none when the sweep was scheduled before, by an earlier try).
 */
async function insertClaims(tx: Tx, claims: RideClaim[], claimedAt: Date, locks: SQL): Promise<Map<string, string[]>> {
  const sweeps = claims.map((c) => holdSweepJob(c.sweep, claimedAt));
  // The keys in one order in every batch (a key another batch has inserted and not yet committed is waited for): two
  // batches holding the same two keys in the other order would wait for each other.
  const inOrder = claims.map((c, i) => ({ c, job: sweeps[i]! })).sort((a, b) => (idOf(a.c) < idOf(b.c) ? -1 : 1));
  const rows = inOrder.map(
    ({ c, job }) =>
      sql`(${c.userId}, ${c.key}, ${c.hash}, ${JSON.stringify(holdOf(c.ride))}::jsonb, ${job.kind}, ${job.key}, ${job.runAt.toISOString()}::timestamptz, ${JSON.stringify(job.payload)}::jsonb)`,
  );
  const [row] = await executeRows(
    tx as unknown as Db,
    sql`with input (user_id, key, request_hash, hold, job_kind, job_key, run_at, payload) as (values ${sql.join(rows, sql`, `)}),
      claimed as (
        insert into idempotency_keys (user_id, key, request_hash, created_at, response_body)
        select user_id, key, request_hash, ${claimedAt.toISOString()}::timestamptz, hold from input
        on conflict do nothing returning user_id, key),
      sweeps as (
        insert into jobs (kind, key, run_at, payload)
        select i.job_kind, i.job_key, i.run_at, i.payload from input i join claimed c on c.user_id = i.user_id and c.key = i.key
        on conflict (key) do nothing returning id, key)
      select (select coalesce(json_agg(json_build_object('userId', user_id, 'key', key)), '[]') from claimed) as claimed,
        (select coalesce(json_agg(json_build_object('id', id, 'key', key)), '[]') from sweeps) as sweeps, ${locks}`,
  );
  const sweepOf = new Map((row!.sweeps as { id: string; key: string }[]).map((s) => [s.key, s.id]));
  const claimed = new Set((row!.claimed as { userId: string; key: string }[]).map(idOf));
  const answer = new Map<string, string[]>();
  claims.forEach((c, i) => {
    if (!claimed.has(idOf(c))) return;
    const sweep = sweepOf.get(sweeps[i]!.key);
    answer.set(idOf(c), sweep === undefined ? [] : [sweep]);
  });
  return answer;
}

/** The refused claims' keys and the sweeps they scheduled, gone again before the commit: as if never made. */
async function letGo(tx: Tx, refused: RideClaim[], sweepIds: string[]): Promise<void> {
  const keys = sql.join(
    refused.map((c) => sql`(${c.userId}, ${c.key})`),
    sql`, `,
  );
  await executeRows(
    tx as unknown as Db,
    sql`with keys as (delete from idempotency_keys where (user_id, key) in (${keys}))
      delete from jobs where id in (${sweepIds.length ? sql.join(sweepIds.map((id) => sql`${id}`), sql`, `) : sql`null::uuid`})`,
  );
}
