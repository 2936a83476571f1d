// @vitest-environment happy-dom
// The guest's claim page on the one live-updates client: a change on the stream shows at once, and after the
// stream was down and came back the ticket is read again.
import type { ClaimView } from "@meridian/shared/valet-guest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { serveApi } from "@/test/render";
import { mountClaimPage } from "./claim-page";



const CLAIM: ClaimView = {
  ticketCode: "MRD-VAL-2345",
  status: "parked",
  car: { plate: "7ABC123", make: "Bentley", model: "Bentayga", colour: "Black" },
  stand: "Main entrance",
  requestedAt: null,
  updatedAt: "2030-03-12T17:00:00.000Z",
  estimateMinutes: 6,
  qrSvg: "<svg></svg>",
  photos: [],
};

let unmount: (() => void) | undefined;
beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  unmount?.();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const status = () => document.querySelector("[data-testid=claim-status]")?.getAttribute("data-status");

describe("claim page", () => {
  it("follows the ticket live and reads it again after a reconnection", async () => {
    let served = { ...CLAIM };
    const calls = serveApi({ "GET /api/claim/tok": () => ({ json: { claim: served } }) });
    const root = document.body.appendChild(document.createElement("div"));
    unmount = mountClaimPage(root, "tok");
    await vi.waitFor(() => expect(status()).toBe("parked"));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe("/api/claim/tok/events");
    stream.open();

    stream.send("claim.update", JSON.stringify({ status: "retrieving", requestedAt: "2030-03-12T17:01:00.000Z", updatedAt: "2030-03-12T17:02:00.000Z", estimateMinutes: 6 }), "3");
    expect(status()).toBe("retrieving");

    // Down (the server restarted), back: the ticket is read again (it became ready meanwhile).
    served = { ...CLAIM, status: "ready", requestedAt: "2030-03-12T17:01:00.000Z" };
    stream.fail(true);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 3000 });
    expect(FakeEventSource.opened[1]!.url).toBe("/api/claim/tok/events?lastEventId=3");
    FakeEventSource.opened[1]!.open();
    await vi.waitFor(() => expect(status()).toBe("ready"));
    expect(calls.filter((c) => c.path === "/api/claim/tok")).toHaveLength(2);
  });
});
