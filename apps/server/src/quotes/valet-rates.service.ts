// The valet rate card: the admin's draft (saved, audited) and the published card (what quotes use).
// Publishing copies the draft over the published row inside the pricing publish transaction.
import { eq } from "drizzle-orm";
import { canonicalValetRates, DEMO_VALET_RATES, sameValetRates, type AdminValetRates, type ValetRates } from "@meridian/shared/valet-pricing";
import type { Db, Tx } from "../db/client";
import { valetRateCards } from "../db/schema";
import { writeAudit, type AuditActor } from "../lib/audit";

type Stage = "draft" | "published";
type Row = typeof valetRateCards.$inferSelect;

const toRates = (r: Row): ValetRates => canonicalValetRates({ ...r, eventTypeSurchargesUsd: r.eventTypeSurchargesUsd as ValetRates["eventTypeSurchargesUsd"] });

export async function readValetRates(db: Db | Tx, stage: Stage, opts: { lock?: boolean } = {}): Promise<ValetRates | null> {
  const query = db.select().from(valetRateCards).where(eq(valetRateCards.stage, stage));
  const [row] = opts.lock ? await query.for("update") : await query;
  return row ? toRates(row) : null;
}

/** Writes one stage's card (insert or replace). */
export async function writeValetRates(db: Db | Tx, stage: Stage, rates: ValetRates): Promise<void> {
  const values = canonicalValetRates(rates);
  await db
    .insert(valetRateCards)
    .values({ stage, ...values })
    .onConflictDoUpdate({ target: valetRateCards.stage, set: values });
}

/** The draft (or, before any draft is saved, the published card, else the demo card) and the published card. */
export async function getAdminValetRates(db: Db | Tx): Promise<AdminValetRates> {
  const [draftRow, published] = await Promise.all([readValetRates(db, "draft"), readValetRates(db, "published")]);
  const draft = draftRow ?? published ?? DEMO_VALET_RATES;
  return { draft, published, unpublished: !sameValetRates(draft, published) };
}

export async function saveValetDraft(db: Db, actor: AuditActor, rates: ValetRates): Promise<AdminValetRates> {
  return db.transaction(async (tx) => {
    const before = await readValetRates(tx, "draft", { lock: true });
    await writeValetRates(tx, "draft", rates);
    await writeAudit(tx, actor, { action: "valet_rates.save_draft", entity: "valet_rate_card", entityId: "draft", before, after: canonicalValetRates(rates) });
    return getAdminValetRates(tx);
  });
}

/** Inside the publish transaction: the draft becomes the published card (audited) when it differs. True if it did. */
export async function publishValetDraft(tx: Tx, actor: AuditActor): Promise<boolean> {
  const draft = await readValetRates(tx, "draft", { lock: true });
  const before = await readValetRates(tx, "published", { lock: true });
  if (!draft || sameValetRates(draft, before)) return false;
  await writeValetRates(tx, "published", draft);
  await writeAudit(tx, actor, { action: "valet_rates.publish", entity: "valet_rate_card", entityId: "published", before, after: draft });
  return true;
}
