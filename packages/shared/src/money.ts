// One way to write money (issue 27 point 8): the web, e-mails, SMS, CSV exports and the receipt PDF all print
// amounts with formatMoney ("$1,685.00") and cards with formatCard ("Visa •••• 4242"), so a customer reads the
// same string on the screen, in the e-mail and on the PDF.

const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Dollars to whole cents, half a cent away from zero. Multiplying by 100 can land a hair under the half
 * (1.005 * 100 = 100.49999999999999), so the product is first cut to 12 significant digits.
 */
export function roundToCents(usd: number): number {
  const cents = Math.round(Number((Math.abs(usd) * 100).toPrecision(12)));
  return cents === 0 ? 0 : Math.sign(usd) * cents;
}

/**
 * A whole-number percent of an amount in cents, in whole cents, rounded half a cent away from zero as roundToCents
 * does: in integers, so exact (a share of float dollars can land a hair under the half: $128.17 x 50% is $64.085,
 * which is $64.09, not $64.08).
 */
export function percentOfCents(cents: number, percent: number): number {
  const share = cents * percent; // whole cents x a whole percent: an integer, exact below 2^53
  const rounded = Math.round(Math.abs(share) / 100);
  return rounded === 0 ? 0 : Math.sign(share) * rounded;
}

/**
 * "$1,685.00", "-$12.50", "$0.00": en-US, USD, rounded to the cent. `wholeDollars` drops ".00" from a whole
 * amount (the home page's package prices read "$299"); any cents are still printed.
 */
export function formatMoney(usd: number, opts: { wholeDollars?: boolean } = {}): string {
  if (!Number.isFinite(usd)) throw new RangeError(`Not an amount of money: ${usd}`);
  const text = usdFormat.format(roundToCents(usd) / 100);
  return opts.wholeDollars ? text.replace(/\.00$/, "") : text;
}

/** The same for an amount kept in cents (payments, coupons): formatCents(168500) is "$1,685.00". */
export const formatCents = (cents: number) => formatMoney(cents / 100);

const BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "Visa •••• 4242", as the confirmation, receipts, the PDF and the admin show a card; null without last 4 digits. */
export function formatCard(card: { brand?: string | null; last4?: string | null } | null | undefined): string | null {
  if (!card?.last4) return null;
  const brand = card.brand?.trim();
  const name = brand ? (BRAND_LABELS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : "Card";
  return `${name} •••• ${card.last4}`;
}

/** Cards (Stripe, and the embedded provider like it) take at least $0.50 in USD. */
export const CARD_MINIMUM_CENTS = 50;

/** Why a coupon is refused when what would be left to pay is under the card minimum. */
export const CARD_MINIMUM_COUPON_MESSAGE = `This coupon would bring the total under the ${formatCents(CARD_MINIMUM_CENTS)} card minimum.`;
