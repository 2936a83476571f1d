// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { renderApp, serveApi, sessionOf } from "@/test/render";
import { RealtimeListener } from "./realtime-listener";

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

async function listenAs(role: "admin" | "customer" | null) {
  serveApi({ "GET /api/auth/get-session": { json: role ? sessionOf(role) : null }, "GET /api/me/profile": { json: null } });
  const app = renderApp(<RealtimeListener />);
  if (role) await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  return app;
}

describe("RealtimeListener", () => {
  it("tells the desk of a new booking and refreshes its lists", async () => {
    const app = await listenAs("admin");
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe("/api/realtime");
    const invalidate = vi.spyOn(app.queryClient, "invalidateQueries");
    stream.open();
    stream.send("booking.created", JSON.stringify({ service: "ride" }), "7");
    expect(await app.screen.findByText("New Booking Received!")).toBeTruthy();
    expect(app.screen.getByText("A new ride booking was just created.")).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["admin"] });
  });

  it("shows the desk what it must act on, sent with a booking's update", async () => {
    const app = await listenAs("admin");
    const stream = FakeEventSource.opened[0]!;
    stream.open();
    stream.send("booking.updated", JSON.stringify({ bookingId: "b1", notice: { title: "Flight Diverted", description: "Flight AA100 is diverted: call the customer." } }));
    expect(await app.screen.findByText("Flight Diverted")).toBeTruthy();
  });

  it("refreshes a customer's dashboard without a toast", async () => {
    const app = await listenAs("customer");
    const invalidate = vi.spyOn(app.queryClient, "invalidateQueries");
    const stream = FakeEventSource.opened[0]!;
    stream.open();
    stream.send("booking.created", JSON.stringify({ service: "valet" }));
    stream.send("booking.updated", JSON.stringify({ bookingId: "b1", notice: { title: "Flight Diverted", description: "Not for customers." } }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["me"] });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ["admin"] });
    expect(app.screen.queryByText("New Booking Received!")).toBeNull();
    expect(app.screen.queryByText("Flight Diverted")).toBeNull();
  });

  it("opens no stream for a signed-out visitor", async () => {
    const app = await listenAs(null);
    await vi.waitFor(() => expect(app.queryClient.getQueryState(["auth", "session"])?.status).toBe("success"));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
