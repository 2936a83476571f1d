// Vehicle capacity rules of the booking dialog, shared with the server's quote check.
export type CapacityVehicle = { id: string; passengerCapacity: number; luggageCapacity: number };

export const NO_VEHICLE_FITS = "No vehicle meets the required capacity.";
export const NO_VEHICLE_FOR_CAPACITY = "No vehicles available for this capacity";

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
