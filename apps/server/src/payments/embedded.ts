// The embedded payment provider (the default): behaves like Stripe's test mode and keeps its books in
// our database: PaymentIntents, their events, refunds and the idempotency keys. Each call runs in one
// transaction holding the intent's row lock, so racing calls on one intent take turns. `authorize`, which every
// booking pays, is one statement (see authorizeOnce).
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CARD_MINIMUM_CENTS } from "@meridian/shared/money";
import { executeRows, type Db, type Tx } from "../db/client";
import { batched, type Served } from "../lib/batched";
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

/** What `authorize` writes for a key when it claims it: its answer and, unless the request was refused outright, the intent and its two events. */
type Planned = { answer: Stored<PaymentIntent>; intent?: IntentInsert; events?: [string, number][] };
/** One authorisation to claim: its provider key, the request's hash and what it writes. */
type Authorisation = { key: string; requestHash: string; planned: Planned };

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
   * claimed row. The authorisations asked for while one such statement is out are written together by the next
   * (lib/batched.ts): under load the bookings of a moment share one round trip. The guarantees are `once`'s: a
   * concurrent call with the key waits on its primary key, finds it taken and replays the committed answer (read by
   * a second statement, whose snapshot sees that commit); a key reused for another request is refused; a decline is
   * stored and replayed like an authorisation.
   */
  async function authorizeOnce(key: string, request: unknown, planned: Planned): Promise<PaymentIntent> {
    if (!key || key.length > 255) throw new PaymentError("invalid_request", "An idempotency key of 1 to 255 characters is required.");
    const requestHash = crypto.createHash("sha256").update(JSON.stringify(request)).digest("hex");
    let stored = planned.answer;
    if (!(await claimAuthorisation({ key, requestHash, planned }))) {
      const [earlier] = await db.select().from(embeddedIdempotencyKeys).where(eq(embeddedIdempotencyKeys.key, key));
      if (!earlier || earlier.requestHash !== requestHash) throw mismatch(key);
      stored = earlier.response as Stored<PaymentIntent>;
    }
    if ("error" in stored) throw new PaymentError(stored.error.code, stored.error.message, stored.error.declineCode, stored.error.intentId);
    return stored.ok;
  }

  /**
   * Whether each authorisation's key was claimed (with its intent and events written), in order. Should the batch's
   * statement fail, each of its authorisations is written alone, so that one the database refuses fails only its own call.
   */
  const claimAuthorisation = batched(async (batch: Authorisation[]): Promise<Served<boolean>[]> => {
    // The same key twice in one batch: the first is claimed, the second finds it taken and replays its answer.
    const first = new Map<string, number>();
    batch.forEach((a, i) => first.has(a.key) || first.set(a.key, i));
    const unique = [...first.values()].map((i) => batch[i]!);
    let answers: Map<string, Served<boolean>>;
    try {
      const claimed = await writeAuthorisations(unique);
      answers = new Map(unique.map((a) => [a.key, { value: claimed.has(a.key) }]));
    } catch (err) {
      if (unique.length === 1) throw err;
      answers = new Map();
      for (const a of unique) {
        try {
          answers.set(a.key, { value: (await writeAuthorisations([a])).has(a.key) });
        } catch (error) {
          answers.set(a.key, { error });
        }
      }
    }
    return batch.map((a, i) => (first.get(a.key) === i ? answers.get(a.key)! : { value: false }));
  });

  /** The authorisations' keys, intents and events in one statement; answers the keys it claimed. */
  async function writeAuthorisations(authorisations: Authorisation[]): Promise<Set<string>> {
    // The keys in one order in every batch: two batches inserting the same two keys in the other order would wait for each other.
    const rows = [...authorisations]
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map(({ key, requestHash, planned: { answer, intent: i, events } }) => {
        const [e1, e2] = i ? (events ?? []) : [];
        return sql`(${key}::text, ${requestHash}::text, ${JSON.stringify(answer)}::jsonb, ${i?.id ?? null}::text, ${i?.status ?? null}::text,
          ${i?.amountCents ?? null}::int, ${i?.amountCapturableCents ?? null}::int, ${i?.currency ?? null}::text, ${i?.paymentMethod ?? null}::text,
          ${i?.cardBrand ?? null}::text, ${i?.cardLast4 ?? null}::text, ${i?.lastError ?? null}::jsonb, ${i?.description ?? null}::text,
          ${i?.metadata ?? null}::jsonb, ${i?.captureBefore ?? null}::timestamptz, ${e1?.[0] ?? null}::text, ${e1?.[1] ?? null}::int,
          ${e2?.[0] ?? null}::text, ${e2?.[1] ?? null}::int)`;
      });
    const [row] = await executeRows(
      db,
      sql`with input (key, request_hash, response, id, status, amount_cents, amount_capturable_cents, currency, payment_method, card_brand,
          card_last4, last_error, description, metadata, capture_before, e1_type, e1_amount, e2_type, e2_amount) as (values ${sql.join(rows, sql`, `)}),
        claimed as (
          insert into embedded_idempotency_keys (key, request_hash, response)
          select key, request_hash, response from input on conflict (key) do nothing returning key
        ),
        intent as (
          insert into embedded_payment_intents (id, status, amount_cents, amount_capturable_cents, currency, payment_method, card_brand, card_last4, last_error, description, metadata, capture_before)
          select i.id, i.status, i.amount_cents, i.amount_capturable_cents, i.currency, i.payment_method, i.card_brand, i.card_last4, i.last_error, i.description, i.metadata, i.capture_before
          from input i join claimed c on c.key = i.key where i.id is not null returning id
        ),
        events as (
          insert into embedded_payment_events (intent_id, type, amount_cents)
          select i.id, e.type, e.amount_cents from input i join intent on intent.id = i.id
          cross join lateral (values (1, i.e1_type, i.e1_amount), (2, i.e2_type, i.e2_amount)) as e (n, type, amount_cents)
          where e.type is not null
          order by i.key, e.n
        )
        select coalesce(json_agg(key), '[]') as claimed from claimed`,
    );
    return new Set(row!.claimed as string[]);
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
