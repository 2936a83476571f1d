// Data the tests of more than one package share (imported by tests only, never by the apps' code).
import type { CouponInput } from "./coupons";
import type { ValetRates } from "./valet-pricing";

/** The valet rate card the hand-computed valet figures use: 60 cars, a wedding from 17:00 to 22:00 is $630.00. */
export const TEST_VALET_RATES: ValetRates = {
  eventBaseFeeUsd: 100,
  attendantHourlyUsd: 30,
  minimumHours: 4,
  vehiclesPerAttendant: 25,
  minimumAttendants: 2,
  lateAfter: "22:00",
  lateHourlySurchargeUsd: 10,
  eventTypeSurchargesUsd: { Wedding: 80, Corporate: 0, "Private Party": 25, "Hotel/Restaurant": 0, Other: 0 },
  defaultExpectedVehicles: 40,
};

/** A coupon's limits when none is set: no dates, no use limits, no minimum fare, switched on. */
export const COUPON_WITHOUT_LIMITS = {
  validFrom: null,
  validTo: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minFareUsd: 0,
  active: true,
} satisfies Partial<CouponInput>;
