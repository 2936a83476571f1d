// Vehicle capacity rules of the booking dialog, shared with the server's quote check.
export type CapacityVehicle = { id: string; passengerCapacity: number; luggageCapacity: number };

export const NO_VEHICLE_FITS = "No vehicle meets the required capacity.";
export const NO_VEHICLE_FOR_CAPACITY = "No vehicles available for this capacity";
export const PASSENGERS_MESSAGE = "Passengers must be a whole number of at least 1.";
export const LUGGAGE_MESSAGE = "Luggage must be a whole number of at least 0.";

/** The field's message for what was typed: a negative, zero passengers or a fraction is refused (empty is not an error: it becomes the default). */
export function partyFieldError(kind: "passengers" | "luggage", text: string): string | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  const min = kind === "passengers" ? 1 : 0;
  return Number.isInteger(n) && n >= min ? undefined : kind === "passengers" ? PASSENGERS_MESSAGE : LUGGAGE_MESSAGE;
}

/** The one sentence when no bookable vehicle fits the party: the spec's words and what the largest takes. */
export function noVehicleFitsMessage(vehicles: CapacityVehicle[], passengers: number): string {
  const seats = Math.max(0, ...vehicles.map((v) => v.passengerCapacity));
  const bags = Math.max(0, ...vehicles.filter((v) => v.passengerCapacity >= passengers).map((v) => v.luggageCapacity));
  if (passengers > seats) return `${NO_VEHICLE_FITS} Our largest vehicle seats ${seats} passenger${seats === 1 ? "" : "s"}.`;
  return `${NO_VEHICLE_FITS} For ${passengers} passenger${passengers === 1 ? "" : "s"}, the most luggage we can take is ${bags} bag${bags === 1 ? "" : "s"}.`;
}

/** Passengers at least 1 and luggage at least 0; anything invalid becomes the minimum. */
export const normalisePassengers = (value: unknown) => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
};
export const normaliseLuggage = (value: unknown) => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export function vehiclesThatFit<V extends CapacityVehicle>(vehicles: V[], passengers: number, luggage: number): V[] {
  return vehicles.filter((v) => v.passengerCapacity >= passengers && v.luggageCapacity >= luggage);
}

/** The spec's messages for a vehicle that is too small; empty when it fits. */
export function capacityProblems(vehicle: CapacityVehicle, passengers: number, luggage: number): string[] {
  const problems: string[] = [];
  if (passengers > vehicle.passengerCapacity) problems.push(`Selected vehicle only supports ${vehicle.passengerCapacity} passengers.`);
  if (luggage > vehicle.luggageCapacity) problems.push(`Selected vehicle only supports ${vehicle.luggageCapacity} bags.`);
  return problems;
}
