// The confirm-a-card page's Idempotency-Keys: a double tap on "Authorise" sends the attempt's key twice (the server
// authorises once), and a new attempt after an answer (a declined card, another card) gets a key of its own.
import { expect, it } from "vitest";
import { confirmationKeys } from "./booking-payment";

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

it("sends a double tap's two requests with one key, and a new attempt after the answer with another", () => {
  const keys = confirmationKeys(counter());
  const first = keys.take({ paymentMethod: "pm_card_visa" });
  const again = keys.take({ paymentMethod: "pm_card_visa" }); // pressed again before the answer
  expect(again).toBe(first);
  keys.done(first);
  keys.done(again);
  // Answered (say, declined): trying again is a new attempt.
  expect(keys.take({ paymentMethod: "pm_card_visa" })).not.toBe(first);
});

it("gives another card, or the authentication step, a key of its own", () => {
  const keys = confirmationKeys(counter());
  const visa = keys.take({ paymentMethod: "pm_card_visa" });
  expect(keys.take({ paymentMethod: "pm_card_mastercard" })).not.toBe(visa);
  expect(keys.take({ paymentIntentId: "pi_123" })).not.toBe(visa);
});
