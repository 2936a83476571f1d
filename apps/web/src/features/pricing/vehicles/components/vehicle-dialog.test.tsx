// @vitest-environment happy-dom
// Add Vehicle / Edit Vehicle: what they send, each field's message (and the Validation Error toast), the server's under its field.
import { describe, expect, it } from "vitest";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { apiError, fillAndSubmit, renderDialog, type Routes } from "@/test/render";
import { VehicleDialog } from "./vehicle-dialog";

const SEDAN: AdminVehicle = { id: "v1", name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, active: true, createdAt: "2026-01-05T10:00:00.000Z" };
const saved = (body: unknown) => ({ json: { vehicle: { ...SEDAN, ...(body as object) } } });

const open = (vehicle: AdminVehicle | null, routes: Routes = {}) =>
  renderDialog(vehicle ? "Edit Vehicle" : "Add Vehicle", (onClose) => <VehicleDialog open vehicle={vehicle} onOpenChange={onClose} />, routes);

describe("VehicleDialog", () => {
  it("adds a vehicle with the defaults it was not given (inactive until priced)", async () => {
    const { user, screen, dialog, calls, onClose } = open(null, { "POST /api/admin/vehicles": saved });
    await fillAndSubmit(user, dialog, { "Vehicle Name": "Stretch Limousine", "Base Fee (USD)": "120.50", "Passenger Capacity": "8" }, "Add Vehicle");
    expect(await screen.findByText("Vehicle Added!")).toBeTruthy();
    expect(screen.getByText("Stretch Limousine is now in the catalogue.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Stretch Limousine", baseFeeUsd: 120.5, passengerCapacity: 8, luggageCapacity: 1, active: false });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("saves an edit with the vehicle switched off, an emptied fee counting as 0", async () => {
    const { user, screen, dialog, calls } = open(SEDAN, { "PATCH /api/admin/vehicles/v1": saved });
    expect((dialog.getByLabelText("Vehicle Name") as HTMLInputElement).value).toBe("Executive Sedan");
    await user.clear(dialog.getByLabelText("Base Fee (USD)"));
    await user.click(dialog.getByRole("switch", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Vehicle Updated!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Executive Sedan", baseFeeUsd: 0, passengerCapacity: 3, luggageCapacity: 3, active: false });
  });

  it("asks for the name, under the field and in a Validation Error toast", async () => {
    const { user, screen, dialog, calls } = open(null);
    await user.click(dialog.getByRole("button", { name: "Add Vehicle" }));
    const message = "Vehicle name is required and passenger capacity must be at least 1.";
    expect((await dialog.findByText(message)).id).toBe("vehicle-name-error");
    expect(await screen.findByText("Validation Error")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses a fee with fractions of a cent", async () => {
    const { user, dialog, calls } = open(SEDAN);
    await fillAndSubmit(user, dialog, { "Base Fee (USD)": "10.005" }, "Save Changes");
    expect((await dialog.findByText("Base fee can have at most 2 decimals.")).id).toBe("vehicle-fee-error");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("refuses more than 99 passengers, and an emptied passenger count becomes 1 when left", async () => {
    const { user, dialog } = open(SEDAN);
    const passengers = dialog.getByLabelText("Passenger Capacity") as HTMLInputElement;
    await user.clear(passengers);
    await user.tab();
    expect(passengers.value).toBe("1");
    await user.clear(passengers);
    await user.type(passengers, "120");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect((await dialog.findByText("Passenger capacity must be at most 99.")).id).toBe("vehicle-passengers-error");
  });

  it("refuses a luggage count below 0", async () => {
    const { user, dialog } = open(SEDAN);
    await fillAndSubmit(user, dialog, { "Luggage Capacity": "-1" }, "Save Changes");
    expect((await dialog.findByText("Luggage capacity must be 0 or more.")).id).toBe("vehicle-luggage-error");
  });

  it("puts the server's message under the name", async () => {
    const { user, screen, dialog, onClose } = open(null, {
      "POST /api/admin/vehicles": apiError(409, "vehicle_exists", "A vehicle with this name exists.", { name: "A vehicle with this name exists." }),
    });
    await fillAndSubmit(user, dialog, { "Vehicle Name": "Executive Sedan" }, "Add Vehicle");
    expect(await screen.findByText("Error adding vehicle")).toBeTruthy();
    expect(dialog.getByText("A vehicle with this name exists.", { selector: "#vehicle-name-error" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
