// @vitest-environment happy-dom
// Check-in at the stand: what a check-in sends (as typed, with the event picked), the ticket shown after, each field's
// message under it (the shared schema's), and the server's refusal under its field.
import { VALET_MESSAGES } from "@meridian/shared/valet-ticket";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, serveApi, type Routes } from "@/test/render";
import { CheckInForm } from "./check-in-form";

const BOOKING_ID = "5b0c8a9e-6c2f-4c47-9a55-1f0f6e1e2a10";
const EVENT = { id: BOOKING_ID, customerName: "Octavia Brandt", eventType: "Wedding", placeName: "Beverly Hills Hotel", startTime: "17:00", endTime: "22:00", carsCheckedIn: 12, expectedVehicles: 90 };
const ticketOf = (body: Record<string, string>) => ({
  id: "tk1",
  ticketCode: "MRD-4821",
  status: "checked_in",
  plate: body.plate!.toUpperCase(),
  make: body.make!,
  model: body.model!,
  colour: body.colour!,
  keyTag: body.keyTag!.toUpperCase(),
  stand: body.stand!,
  stall: null,
  guestPhone: body.guestPhone ? "+13105550199" : null,
  guestEmail: body.guestEmail || null,
  bookingId: body.bookingId ?? null,
  assignedTo: null,
  requestedAt: null,
  createdAt: "2026-11-27T02:00:00.000Z",
  updatedAt: "2026-11-27T02:00:00.000Z",
  photos: [],
  nextStatuses: ["parked"],
});

function open(routes: Routes = {}) {
  localStorage.clear();
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/valet/stands": { json: { stands: ["Main Entrance"] } },
    "GET /api/valet/bookings/today": { json: { bookings: [] } },
    "POST /api/valet/tickets": (body) => ({ status: 201, json: { ticket: ticketOf(body as Record<string, string>), claimUrl: "http://meridian.test/t/abc" } }),
    ...routes,
  });
  const app = renderApp(<CheckInForm />);
  const type = (label: string, text: string) => app.user.type(app.screen.getByLabelText(label), text);
  const checkIn = () => app.user.click(app.screen.getByRole("button", { name: "Check In Car" }));
  const posts = () => calls.filter((c) => c.method === "POST");
  const fillCar = async () => {
    await type("Plate", "7abc 123");
    await type("Key tag", "k-042");
    await type("Make", "Porsche");
    await type("Model", "911");
    await type("Colour", "Black");
  };
  return { ...app, calls, type, checkIn, posts, fillCar };
}

describe("CheckInForm", () => {
  it("checks a walk-up car in as typed and shows its ticket; the stand is remembered", async () => {
    const app = open();
    await app.type("Mobile number", "(310) 555-0199");
    await app.fillCar();
    await app.type("Stand", "Main Entrance");
    await app.checkIn();
    expect(await app.screen.findByTestId("ticket-code")).toBeTruthy();
    expect(app.screen.getByTestId("ticket-code").textContent).toBe("MRD-4821");
    expect(app.screen.getByText("Link texted to +13105550199.")).toBeTruthy();
    expect(app.posts()[0]?.body).toEqual({ guestPhone: "(310) 555-0199", guestEmail: "", plate: "7abc 123", make: "Porsche", model: "911", colour: "Black", keyTag: "k-042", stand: "Main Entrance", stall: "" });
    expect(localStorage.getItem("valet-stand")).toBe("Main Entrance");
    await app.user.click(app.screen.getByRole("button", { name: "Check In Another Car" }));
    expect((app.screen.getByLabelText("Plate") as HTMLInputElement).value).toBe("");
    expect((app.screen.getByLabelText("Stand") as HTMLInputElement).value).toBe("Main Entrance");
  });

  it("sends the event picked at this stand", async () => {
    const app = open({ "GET /api/valet/bookings/today": { json: { bookings: [EVENT] } } });
    await app.type("Stand", "Main Entrance");
    await app.user.click(await app.screen.findByRole("radio", { name: /Octavia Brandt · Wedding/ }));
    await app.type("E-mail (optional)", "guest@example.com");
    await app.fillCar();
    await app.checkIn();
    expect(await app.screen.findByText("Link e-mailed to guest@example.com.")).toBeTruthy();
    expect(app.posts()[0]?.body).toMatchObject({ bookingId: BOOKING_ID, guestEmail: "guest@example.com", stand: "Main Entrance" });
  });

  it("asks for every car detail and the stand, each under its field", async () => {
    const app = open();
    await app.checkIn();
    expect((await app.screen.findByText(VALET_MESSAGES.make)).id).toBe("ci-make-error");
    expect(app.screen.getByText(VALET_MESSAGES.model).id).toBe("ci-model-error");
    expect(app.screen.getByText(VALET_MESSAGES.colour).id).toBe("ci-colour-error");
    expect(app.screen.getByText(VALET_MESSAGES.stand).id).toBe("ci-stand-error");
    expect(app.screen.getByLabelText("Make").getAttribute("aria-invalid")).toBe("true");
    expect(app.posts()).toHaveLength(0);
  });

  it("asks for the guest's mobile number or e-mail, under the mobile number", async () => {
    const app = open();
    await app.fillCar();
    await app.type("Stand", "Main Entrance");
    await app.checkIn();
    expect((await app.screen.findByText(VALET_MESSAGES.contact)).id).toBe("ci-guestPhone-error");
    expect(app.posts()).toHaveLength(0);
  });

  it("refuses a phone, an e-mail, a plate, a key tag and a stall that are not ones", async () => {
    const app = open();
    await app.type("Mobile number", "555-CALL");
    await app.type("E-mail (optional)", "guest@");
    await app.type("Stall (optional)", "B 12 / upper level");
    await app.type("Plate", "7");
    await app.type("Key tag", "K/42");
    await app.type("Make", "Porsche");
    await app.type("Model", "911");
    await app.type("Colour", "Black");
    await app.type("Stand", "Main Entrance");
    await app.checkIn();
    expect((await app.screen.findByText(VALET_MESSAGES.phone)).id).toBe("ci-guestPhone-error");
    expect(app.screen.getByText(VALET_MESSAGES.plate).id).toBe("ci-plate-error");
    expect(app.screen.getByText(VALET_MESSAGES.keyTag).id).toBe("ci-keyTag-error");
    expect(app.screen.getByText(VALET_MESSAGES.email).id).toBe("ci-guestEmail-error");
    expect(app.screen.getByText(VALET_MESSAGES.stall).id).toBe("ci-stall-error");
    expect(app.posts()).toHaveLength(0);
  });

  it("puts the server's refusal under its field", async () => {
    const app = open({ "POST /api/valet/tickets": apiError(409, "validation_error", "Key tag K-042 is already on a car in the lot.", { keyTag: "Key tag K-042 is already on a car in the lot." }) });
    await app.type("Mobile number", "(310) 555-0199");
    await app.fillCar();
    await app.type("Stand", "Main Entrance");
    await app.checkIn();
    expect((await app.screen.findByText("Key tag K-042 is already on a car in the lot.", { selector: "#ci-keyTag-error" })).id).toBe("ci-keyTag-error");
    expect(await app.screen.findByText("Check-in Failed")).toBeTruthy();
    expect(app.screen.queryByTestId("ticket-code")).toBeNull();
  });
});
