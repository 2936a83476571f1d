// The embedded payment provider (the default): behaves like Stripe's test mode and keeps its books in
// our database: PaymentIntents, their events, refunds and the idempotency keys. Each call runs in one
// transaction holding the intent's row lock, so racing calls on one intent take turns. `authorize`, which every
// booking pays, is one statement (see authorizeOnce).
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CARD_MINIMUM_CENTS } from "@meridian/shared/money";
import { executeRows, type Db, type Tx } from "../db/client";
import { embeddedIdempotencyKeys, embeddedPaymentEvents, embeddedPaymentIntents, embeddedRefunds } from "../db/schema";
import { AUTHORIZATION_DAYS, PaymentError, TEST_CARDS, type AuthorizeInput, type PaymentIntent, type PaymentProvider, type Refund } from "../lib/payment-provider";

type IntentRow = typeof embeddedPaymentIntents.$inferSelect;

const MIN_AMOUNT = CARD_MINIMUM_CENTS; // Stripe: at least $0.50 in USD
const MAX_AMOUNT = 99_999_999;

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString("base64url").replace(/[-_]/g, "").slice(0, 24)}`;

export function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status as PaymentIntent["status"],
    currency: row.currency,
    amountCents: row.amountCents,
    amountCapturableCents: row.amountCapturableCents,
    amountReceivedCents: row.amountReceivedCents,
    amountRefundedCents: row.amountRefundedCents,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    captureBefore: row.captureBefore ? row.captureBefore.toISOString() : null,
    clientSecret: null,
  };
}

const mismatch = (key: string) =>
  new PaymentError(
    "idempotency_mismatch",
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );

type Stored<T> = { ok: T } | { error: { code: PaymentError["code"]; message: string; declineCode?: string; intentId?: string } };

/** An intent row as `authorize` writes it (JSON columns as JSON text, the expiry as an ISO string). */
type IntentInsert = {
  id: string;
  status: string;
  amountCents: number;
  amountCapturableCents: number;
  currency: string;
  paymentMethod: string;
  cardBrand: string;
  cardLast4: string;
  lastError: string | null;
  description: string | null;
  metadata: string;
  captureBefore: string | null;
};

export function createEmbeddedPaymentProvider(db: Db, opts: { now?: () => Date } = {}): PaymentProvider {
  const now = opts.now ?? (() => new Date());

  /**
   * Runs `work` once per idempotency key: the key is claimed by an INSERT in the same transaction, so a
   * concurrent call with the key waits for the first to commit and then reads its stored answer. A
   * PaymentError (a decline, say) is an answer too: it is stored and committed with what it wrote.
   */
  async function once<T>(key: string, request: unknown, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (!key || key.length > 255) throw new PaymentError("invalid_request", "An idempotency key of 1 to 255 characters is required.");
    const requestHash = crypto.createHash("sha256").update(JSON.stringify(request)).digest("hex");
    const stored: Stored<T> = await db.transaction(async (tx) => {
      const claimed = await tx.insert(embeddedIdempotencyKeys).values({ key, requestHash }).onConflictDoNothing().returning({ key: embeddedIdempotencyKeys.key });
      if (!claimed.length) {
        const [row] = await tx.select().from(embeddedIdempotencyKeys).where(eq(embeddedIdempotencyKeys.key, key));
        if (!row || row.requestHash !== requestHash) throw mismatch(key);
        return row.response as Stored<T>;
      }
      let answer: Stored<T>;
      try {
        answer = { ok: await work(tx) };
      } catch (err) {
        if (!(err instanceof PaymentError)) throw err;
        answer = { error: err.toJSON() };
      }
      await tx.update(embeddedIdempotencyKeys).set({ response: answer }).where(eq(embeddedIdempotencyKeys.key, key));
      return answer;
    });
    if ("error" in stored) throw new PaymentError(stored.error.code, stored.error.message, stored.error.declineCode, stored.error.intentId);
    return stored.ok;
  }

  async function lock(tx: Tx, id: string): Promise<IntentRow> {
    const [row] = await tx.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id)).for("update");
    if (!row) throw new PaymentError("not_found", `No such payment_intent: '${id}'`);
    return row;
  }

  async function save(tx: Tx, id: string, patch: Partial<IntentRow>, event: { type: string; amountCents?: number }): Promise<PaymentIntent> {
    const [row] = await tx.update(embeddedPaymentIntents).set(patch).where(eq(embeddedPaymentIntents.id, id)).returning();
    await tx.insert(embeddedPaymentEvents).values({ intentId: id, type: event.type, amountCents: event.amountCents ?? 0 });
    return toIntent(row!);
  }

  /**
   * `authorize` as one statement, one round trip instead of six (BEGIN, key, intent, events, answer, COMMIT): its
   * answer depends only on the request (the intent id is made here), so it is computed first and a
   * data-modifying CTE claims the key with that answer and writes the intent and its two events only from the
   * claimed row. The guarantees are `once`'s: a concurrent call with the key waits on its primary key, finds it
   * taken and replays the committed answer (read by a second statement, whose snapshot sees that commit); a key
   * reused for another request is refused; a decline is stored and replayed like an authorisation.
   */
  async function authorizeOnce(key: string, request: unknown, planned: { answer: Stored<PaymentIntent>; intent?: IntentInsert; events?: [string, number][] }): Promise<PaymentIntent> {
    if (!key || key.length > 255) throw new PaymentError("invalid_request", "An idempotency key of 1 to 255 characters is required.");
    const requestHash = crypto.createHash("sha256").update(JSON.stringify(request)).digest("hex");
    const answer = JSON.stringify(planned.answer);
    const claim = sql`insert into embedded_idempotency_keys (key, request_hash, response) values (${key}, ${requestHash}, ${answer}::jsonb) on conflict (key) do nothing returning key`;
    const i = planned.intent;
    const [e1, e2] = planned.events ?? [];
    const query =
      i && e1 && e2
        ? sql`with claimed as (${claim}),
          intent as (
            insert into embedded_payment_intents (id, status, amount_cents, amount_capturable_cents, currency, payment_method, card_brand, card_last4, last_error, description, metadata, capture_before)
            select ${i.id}, ${i.status}, ${i.amountCents}::int, ${i.amountCapturableCents}::int, ${i.currency}, ${i.paymentMethod}, ${i.cardBrand}, ${i.cardLast4},
              ${i.lastError}::jsonb, ${i.description}::text, ${i.metadata}::jsonb, ${i.captureBefore}::timestamptz
            from claimed returning id
          ),
          events as (
            insert into embedded_payment_events (intent_id, type, amount_cents)
            select intent.id, e.type, e.amount_cents from intent
            cross join (values (1, ${e1[0]}::text, ${e1[1]}::int), (2, ${e2[0]}::text, ${e2[1]}::int)) as e (n, type, amount_cents)
            order by e.n
          )
          select count(*)::int as claimed from claimed`
        : sql`with claimed as (${claim}) select count(*)::int as claimed from claimed`;
    const [row] = await executeRows(db, query);
    let stored = planned.answer;
    if (!row?.claimed) {
      const [earlier] = await db.select().from(embeddedIdempotencyKeys).where(eq(embeddedIdempotencyKeys.key, key));
      if (!earlier || earlier.requestHash !== requestHash) throw mismatch(key);
      stored = earlier.response as Stored<PaymentIntent>;
    }
    if ("error" in stored) throw new PaymentError(stored.error.code, stored.error.message, stored.error.declineCode, stored.error.intentId);
    return stored.ok;
  }

  const authorisedUntil = () => new Date(now().getTime() + AUTHORIZATION_DAYS * 24 * 3600 * 1000);

  const invalidState = (row: IntentRow, action: string, allowed: string) =>
    new PaymentError(
      "invalid_state",
      `This PaymentIntent could not be ${action} because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed}.`,
    );

  return {
    kind: "embedded",

    authorize(input: AuthorizeInput, key) {
      const currency = (input.currency ?? "usd").toLowerCase();
      const request = { op: "authorize", ...input, currency };
      const refuse = (err: PaymentError) => authorizeOnce(key, request, { answer: { error: err.toJSON() } });
      if (!Number.isInteger(input.amountCents) || input.amountCents < MIN_AMOUNT) return refuse(new PaymentError("invalid_request", "Amount must be at least $0.50 usd"));
      if (input.amountCents > MAX_AMOUNT) return refuse(new PaymentError("invalid_request", "Amount must be no more than $999,999.99"));
      const card = TEST_CARDS[input.paymentMethod];
      if (!card) return refuse(new PaymentError("invalid_request", `No such PaymentMethod: '${input.paymentMethod}'`));
      const id = randomId("pi");
      const amount = input.amountCents;
      const base = {
        id,
        amountCents: amount,
        amountCapturableCents: 0,
        currency,
        paymentMethod: input.paymentMethod,
        cardBrand: card.brand,
        cardLast4: card.last4,
        lastError: null as string | null,
        description: input.description ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
        captureBefore: null as string | null,
      };
      if (card.decline) {
        const lastError = { code: "card_declined", declineCode: card.decline.code, message: card.decline.message };
        const declined = new PaymentError("card_declined", card.decline.message, card.decline.code, id);
        return authorizeOnce(key, request, {
          answer: { error: declined.toJSON() },
          intent: { ...base, status: "requires_payment_method", lastError: JSON.stringify(lastError) },
          events: [["payment_intent.created", 0], ["payment_intent.payment_failed", amount]],
        });
      }
      if (card.requiresAction && input.offSession) {
        // Off-session nobody can take the 3-D Secure step: Stripe fails the confirmation (the intent is left
        // needing a payment method) with authentication_required.
        const message = "Your card requires authentication to complete this payment. The customer must return and confirm the payment.";
        const failed = new PaymentError("authentication_required", message, "authentication_required", id);
        return authorizeOnce(key, request, {
          answer: { error: failed.toJSON() },
          intent: { ...base, status: "requires_payment_method", lastError: JSON.stringify({ code: "authentication_required", message }) },
          events: [["payment_intent.created", 0], ["payment_intent.payment_failed", amount]],
        });
      }
      const intent: IntentInsert = card.requiresAction
        ? { ...base, status: "requires_action" }
        : { ...base, status: "requires_capture", amountCapturableCents: amount, captureBefore: authorisedUntil().toISOString() };
      const answer: PaymentIntent = {
        id,
        status: intent.status as PaymentIntent["status"],
        currency,
        amountCents: amount,
        amountCapturableCents: intent.amountCapturableCents,
        amountReceivedCents: 0,
        amountRefundedCents: 0,
        card: { brand: card.brand, last4: card.last4 },
        captureBefore: intent.captureBefore,
        clientSecret: null,
      };
      const second = card.requiresAction ? "payment_intent.requires_action" : "payment_intent.amount_capturable_updated";
      return authorizeOnce(key, request, { answer: { ok: answer }, intent, events: [["payment_intent.created", 0], [second, amount]] });
    },

    completeAuthentication(intentId, key) {
      return once(key, { op: "complete_authentication", intentId }, async (tx) => {
        const row = await lock(tx, intentId);
        if (row.status === "requires_capture") return toIntent(row);
        if (row.status !== "requires_action") throw invalidState(row, "confirmed", "requires_action");
        return save(
          tx,
          intentId,
          { status: "requires_capture", amountCapturableCents: row.amountCents, captureBefore: authorisedUntil() },
          { type: "payment_intent.amount_capturable_updated", amountCents: row.amountCents },
        );
      });
    },

    capture(intentId, amountCents, key) {
      return once(key, { op: "capture", intentId, amountCents: amountCents ?? null }, async (tx) => {
        const row = await lock(tx, intentId);
        if (row.status !== "requires_capture") throw invalidState(row, "captured", "requires_capture");
        if (row.captureBefore && now() > row.captureBefore) {
          await save(tx, intentId, { status: "canceled", amountCapturableCents: 0 }, { type: "payment_intent.canceled" });
          throw new PaymentError("authorization_expired", "This PaymentIntent's authorization has expired and can no longer be captured.");
        }
        const amount = amountCents ?? row.amountCapturableCents;
        if (!Number.isInteger(amount) || amount < 1) throw new PaymentError("invalid_request", "The amount to capture must be a positive whole number of cents.");
        if (amount > row.amountCapturableCents) {
          throw new PaymentError("amount_too_large", `The amount to capture (${amount}) must be less than or equal to the amount capturable (${row.amountCapturableCents}).`);
        }
        return save(tx, intentId, { status: "succeeded", amountCapturableCents: 0, amountReceivedCents: amount }, { type: "payment_intent.succeeded", amountCents: amount });
      });
    },

    cancel(intentId, key) {
      return once(key, { op: "cancel", intentId }, async (tx) => {
        const row = await lock(tx, intentId);
        if (!["requires_capture", "requires_action", "requires_payment_method"].includes(row.status)) {
          throw invalidState(row, "canceled", "requires_payment_method, requires_capture, requires_action");
        }
        return save(tx, intentId, { status: "canceled", amountCapturableCents: 0 }, { type: "payment_intent.canceled" });
      });
    },

    refund(intentId, amountCents, reason, key) {
      return once(key, { op: "refund", intentId, amountCents: amountCents ?? null, reason: reason ?? null }, async (tx): Promise<Refund> => {
        const row = await lock(tx, intentId);
        if (row.status !== "succeeded") throw new PaymentError("invalid_state", "This PaymentIntent does not have a successful charge to refund.");
        const left = row.amountReceivedCents - row.amountRefundedCents;
        if (left <= 0) throw new PaymentError("invalid_state", `Charge for ${intentId} has already been refunded.`);
        const amount = amountCents ?? left;
        if (!Number.isInteger(amount) || amount < 1) throw new PaymentError("invalid_request", "The refund amount must be a positive whole number of cents.");
        if (amount > left) {
          throw new PaymentError("amount_too_large", `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`);
        }
        const id = randomId("re");
        await tx.insert(embeddedRefunds).values({ id, intentId, amountCents: amount, reason: reason ?? null });
        await save(tx, intentId, { amountRefundedCents: row.amountRefundedCents + amount }, { type: "charge.refunded", amountCents: amount });
        return { id, intentId, amountCents: amount };
      });
    },

    // The embedded provider keeps the test payment method itself (payments.paymentMethod): no customer object.
    async createCustomer() {
      return null;
    },

    async retrieve(intentId) {
      const [row] = await db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, intentId));
      if (!row) throw new PaymentError("not_found", `No such payment_intent: '${intentId}'`);
      return toIntent(row);
    },
  };
}
