// @vitest-environment happy-dom
// Add Car / Edit Car: what they send, each field's message (and the Validation Error toast), the server's under its field.
import { describe, expect, it } from "vitest";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { unitMaxYear, yearMessage, type AdminUnit } from "@meridian/shared/fleet-units";
import { apiError, renderDialog, type Routes } from "@/test/render";
import { UnitDialog } from "./unit-dialog";

const SEDAN: AdminVehicle = { id: "7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f", name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, active: true, createdAt: "2026-01-05T10:00:00.000Z" };
const SUV: AdminVehicle = { ...SEDAN, id: "8a2d3e4f-5c6b-4d7e-9f0a-1b2c3d4e5f60", name: "Luxury SUV", active: false };
const CAR: AdminUnit = {
  id: "c1",
  vehicleTypeId: SEDAN.id,
  vehicleTypeName: SEDAN.name,
  plate: "8MER101",
  colour: "Black",
  year: 2024,
  status: "in_service",
  createdAt: "2026-01-05T10:00:00.000Z",
  updatedAt: "2026-01-05T10:00:00.000Z",
};
const saved = (body: unknown) => ({ json: { unit: { ...CAR, ...(body as object) } } });

const open = (unit: AdminUnit | null, routes: Routes = {}) =>
  renderDialog(unit ? "Edit Car" : "Add Car", (onClose) => <UnitDialog open unit={unit} vehicles={[SEDAN, SUV]} onOpenChange={onClose} />, routes);

async function fillNew(app: ReturnType<typeof open>) {
  await app.user.type(app.dialog.getByLabelText("Plate"), "  7abc 123 ");
  await app.user.type(app.dialog.getByLabelText("Colour"), "Silver");
}

describe("UnitDialog", () => {
  it("adds a car of the chosen type with its plate written the fleet's way", async () => {
    const app = open(null, { "POST /api/admin/fleet/units": (body) => ({ status: 201, ...saved(body) }) });
    await app.user.click(app.dialog.getByRole("combobox", { name: "Vehicle Type" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Luxury SUV (inactive)" }));
    await fillNew(app);
    await app.user.click(app.dialog.getByRole("button", { name: "Add Car" }));
    expect(await app.screen.findByText("Car Added!")).toBeTruthy();
    expect(app.screen.getByText("7ABC 123 is now in the fleet.")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "POST")?.body).toEqual({ vehicleTypeId: SUV.id, plate: "7ABC 123", colour: "Silver", year: new Date().getUTCFullYear(), status: "in_service" });
    expect(app.onClose).toHaveBeenCalledWith(false);
  });

  it("saves a car sent to maintenance", async () => {
    const app = open(CAR, { "PATCH /api/admin/fleet/units/c1": saved });
    await app.user.click(app.dialog.getByRole("combobox", { name: "Status" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Maintenance" }));
    await app.user.click(app.dialog.getByRole("button", { name: "Save Changes" }));
    expect(await app.screen.findByText("Car Updated!")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "PATCH")?.body).toEqual({ vehicleTypeId: SEDAN.id, plate: "8MER101", colour: "Black", year: 2024, status: "maintenance" });
  });

  it("refuses a plate with other signs, under the field and in a Validation Error toast", async () => {
    const app = open(null);
    await app.user.type(app.dialog.getByLabelText("Plate"), "8MER#1");
    await app.user.type(app.dialog.getByLabelText("Colour"), "Black");
    await app.user.click(app.dialog.getByRole("button", { name: "Add Car" }));
    expect((await app.dialog.findByText("Plate: 2 to 10 letters, digits, spaces or dashes.")).id).toBe("unit-plate-error");
    expect(await app.screen.findByText("Validation Error")).toBeTruthy();
    expect(app.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("asks for the colour", async () => {
    const app = open(null);
    await app.user.type(app.dialog.getByLabelText("Plate"), "8MER102");
    await app.user.click(app.dialog.getByRole("button", { name: "Add Car" }));
    expect((await app.dialog.findByText("Colour is required (at most 40 characters).")).id).toBe("unit-colour-error");
  });

  it("refuses an empty year and one after next year", async () => {
    const app = open(CAR);
    const year = app.dialog.getByLabelText("Year");
    await app.user.clear(year);
    await app.user.click(app.dialog.getByRole("button", { name: "Save Changes" }));
    expect((await app.dialog.findByText(yearMessage())).id).toBe("unit-year-error");
    await app.user.type(year, String(unitMaxYear() + 1));
    await app.user.click(app.dialog.getByRole("button", { name: "Save Changes" }));
    expect(await app.dialog.findByText(yearMessage())).toBeTruthy();
    expect(app.calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("asks for a vehicle type when the fleet has none chosen", async () => {
    const { user, dialog, calls } = renderDialog("Add Car", (onClose) => <UnitDialog open unit={null} vehicles={[]} onOpenChange={onClose} />);
    await user.type(dialog.getByLabelText("Plate"), "8MER102");
    await user.type(dialog.getByLabelText("Colour"), "Black");
    await user.click(dialog.getByRole("button", { name: "Add Car" }));
    expect((await dialog.findByText("Choose a vehicle type.")).id).toBe("unit-type-error");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("puts the server's 'plate taken' under the plate", async () => {
    const app = open(null, { "POST /api/admin/fleet/units": apiError(409, "plate_taken", "Another car already has the plate 7ABC 123. Check the plate.") });
    await fillNew(app);
    await app.user.click(app.dialog.getByRole("button", { name: "Add Car" }));
    expect(await app.screen.findByText("Error adding car")).toBeTruthy();
    expect(app.dialog.getByText("Another car already has the plate 7ABC 123. Check the plate.", { selector: "#unit-plate-error" })).toBeTruthy();
  });

  it("puts a server validation message under the field it names", async () => {
    const app = open(CAR, { "PATCH /api/admin/fleet/units/c1": apiError(400, "validation_error", "Please check the highlighted fields.", { colour: "Colour is required (at most 40 characters)." }) });
    await app.user.click(app.dialog.getByRole("button", { name: "Save Changes" }));
    expect((await app.dialog.findByText("Colour is required (at most 40 characters).")).id).toBe("unit-colour-error");
  });
});
