// @vitest-environment happy-dom
// A sold-out time: the quote's 409 unavailable shows its sentence and the nearest times as buttons ("6:15 PM");
// tapping one hands that date and time back to the form. Any other error shows nothing here.
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { UnavailableTimes } from "./unavailable-times";

afterEach(cleanup);

const MESSAGE = "Every car is taken at 6:00 PM on Dec 12. These times nearby can be served.";
const soldOut = new ApiError(409, "unavailable", MESSAGE, undefined, undefined, [
  { date: "2031-12-12", time: "17:30" },
  { date: "2031-12-12", time: "18:15" },
  { date: "2031-12-12", time: "18:30" },
]);

describe("UnavailableTimes", () => {
  it("shows the server's sentence and the three nearest times; a tap picks that date and time", async () => {
    const onPick = vi.fn();
    render(<UnavailableTimes error={soldOut} onPick={onPick} />);
    expect(screen.getByRole("alert").textContent).toContain(MESSAGE);
    const group = screen.getByRole("group", { name: "Available times" });
    const buttons = Array.from(group.querySelectorAll("button")).map((b) => b.textContent);
    expect(buttons).toEqual(["5:30 PM", "6:15 PM", "6:30 PM"]);
    await userEvent.click(screen.getByRole("button", { name: "6:15 PM" }));
    expect(onPick).toHaveBeenCalledWith({ date: "2031-12-12", time: "18:15" });
  });

  it("with no nearby time left, says so without buttons", () => {
    render(<UnavailableTimes error={new ApiError(409, "unavailable", "Nothing can be served that day.", undefined, undefined, [])} onPick={() => {}} />);
    expect(screen.getByRole("alert").textContent).toContain("Nothing can be served that day.");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("while the next quote loads the times cannot be tapped twice", () => {
    render(<UnavailableTimes error={soldOut} onPick={() => {}} disabled />);
    expect((screen.getByRole("button", { name: "5:30 PM" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows nothing for another error, or none", () => {
    const { container, rerender } = render(<UnavailableTimes error={new ApiError(422, "route_failed", "Could not calculate route")} onPick={() => {}} />);
    expect(container.innerHTML).toBe("");
    rerender(<UnavailableTimes error={null} onPick={() => {}} />);
    expect(container.innerHTML).toBe("");
    // The database-down answer shares the code: a 503, not a sold-out time.
    rerender(<UnavailableTimes error={new ApiError(503, "unavailable", "Meridian is briefly unavailable.")} onPick={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});
