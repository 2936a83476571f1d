// @vitest-environment happy-dom
// A ride ticket's details: the plate and key tag saved (the plate in capitals), Save only once something changed,
// and the server's message under its field.
import type { AdminTicketRow } from "@meridian/shared/admin";
import { describe, expect, it } from "vitest";
import { apiError, renderDialog, retype, type Routes } from "@/test/render";
import { TicketDetailDialog } from "./ticket-detail-dialog";

const TICKET: AdminTicketRow = {
  id: "t1",
  ticketCode: "MRD-4821",
  status: "active",
  createdAt: "2026-11-20T18:00:00.000Z",
  plate: null,
  keyTag: null,
  bookingId: "b1",
  customerName: "Octavia Brandt",
  customerPhone: "+13105550123",
  service: "ride",
  bookingDate: "2026-11-21",
  event: null,
  location: "LAX → Beverly Hills Hotel",
  time: "7:30 PM",
  valetStatus: null,
  car: null,
};

const open = (routes: Routes = {}) =>
  renderDialog("Ticket MRD-4821", (onClose) => <TicketDetailDialog ticket={TICKET} onClose={onClose} />, {
    "PATCH /api/admin/tickets/t1": (body) => ({ json: { ticket: { ...TICKET, ...(body as object) } } }),
    ...routes,
  });

describe("TicketDetailDialog", () => {
  it("saves the plate in capitals and the key tag, once something changed", async () => {
    const { user, screen, dialog, calls } = open();
    const saveButton = dialog.getByRole("button", { name: "Save Details" }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Plate"), "7abc123");
    await user.type(dialog.getByLabelText("Key tag"), " K-042 ");
    await user.click(saveButton);
    expect(await screen.findByText("Ticket Updated")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ plate: "7ABC123", keyTag: "K-042" });
    expect(saveButton.disabled).toBe(true);
  });

  it("clears a plate with an empty field", async () => {
    const { user, dialog, calls, screen } = open({
      "PATCH /api/admin/tickets/t1": (body) => ({ json: { ticket: { ...TICKET, plate: null, ...(body as object) } } }),
    });
    await user.type(dialog.getByLabelText("Key tag"), "K-1");
    await retype(user, dialog.getByLabelText("Plate"), "");
    await user.click(dialog.getByRole("button", { name: "Save Details" }));
    expect(await screen.findByText("Ticket Updated")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ plate: null, keyTag: "K-1" });
  });

  it("puts the server's message under the plate and says Update Failed", async () => {
    const { user, screen, dialog } = open({
      "PATCH /api/admin/tickets/t1": apiError(400, "validation_error", "Please check the highlighted fields.", { plate: "This plate is on another open ticket." }),
    });
    await user.type(dialog.getByLabelText("Plate"), "7ABC123");
    await user.click(dialog.getByRole("button", { name: "Save Details" }));
    expect((await dialog.findByText("This plate is on another open ticket.")).id).toBe("ticket-plate-error");
    expect(await screen.findByText("Update Failed")).toBeTruthy();
  });
});
