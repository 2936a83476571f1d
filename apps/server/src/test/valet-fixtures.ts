// The valet card and event the valet, coupon, feature and payment suites price by hand.
import type { ValetQuoteInput } from "@meridian/shared/valet";
import type { ValetRates } from "@meridian/shared/valet-pricing";
import { FAKE_PLACES } from "./fake-geo";
import { laDate } from "./ride-fixtures";

/** The card the hand-computed valet figures use: 60 cars, a wedding from 17:00 to 22:00 is $630.00. */
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

/** A valid valet quote request: a corporate event at the hills, a week ahead, 17:00-21:00, 50 cars. */
export const valetEventInput = (overrides: Partial<ValetQuoteInput> & Record<string, unknown> = {}): Record<string, unknown> => ({
  customerName: "Avery Planner",
  eventType: "Corporate",
  date: laDate(7),
  startTime: "17:00",
  endTime: "21:00",
  eventPlaceId: FAKE_PLACES.hills.placeId,
  expectedVehicles: 50,
  ...overrides,
});
