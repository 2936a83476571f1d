// @vitest-environment happy-dom
// The form kit on its own: each field registered on the form, its message (the form's, the server's through
// applyServerFieldErrors, or one from elsewhere) under it with the ARIA that ties them, and the count field's default.
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/api";
import { CountField, PasswordField, PhoneField, TextField, TimeField } from "./fields";
import { applyServerFieldErrors, Form, SubmitButton } from "./form";

afterEach(cleanup);

const schema = z.object({
  name: z.string().min(2, "Name is too short"),
  secret: z.string().min(8, "Secret must be at least 8 characters"),
  phone: z.string(),
  guests: z.string().refine((v) => v === "" || Number(v) >= 1, "At least one guest"),
  time: z.string(),
});
type Values = z.infer<typeof schema>;

function Harness({ onValid, serverError, outsideError }: { onValid: (v: Values) => void; serverError?: unknown; outsideError?: string }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: "", secret: "", phone: "", guests: "1", time: "19:30" } });
  const submit = form.handleSubmit((v) => {
    if (serverError) applyServerFieldErrors(serverError, form.setError, ["name", "phone"], { mobile: "phone" });
    else onValid(v);
  });
  return (
    <Form form={form} onSubmit={(e) => void submit(e)}>
      <TextField<Values> name="name" label="Name" id="t-name" error={outsideError} />
      <PasswordField<Values> name="secret" label="Secret" id="t-secret" />
      <PhoneField<Values> name="phone" label="Phone" id="t-phone" />
      <CountField<Values> name="guests" label="Guests" id="t-guests" min={1} emptyAs="1" />
      <TimeField<Values> name="time" label="Time" id="t-time" times={["19:00", "19:30", "20:00"]} />
      <SubmitButton pending={false}>Save</SubmitButton>
    </Form>
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada");
  await user.type(screen.getByLabelText("Secret"), "long-secret");
}

describe("form kit", () => {
  it("submits the registered values of every field", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await fillValid(user);
    await user.type(screen.getByLabelText("Phone"), "310 555 0123");
    await user.selectOptions(screen.getByLabelText("Time"), "20:00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: "Ada", secret: "long-secret", phone: "310 555 0123", guests: "1", time: "20:00" }));
  });

  it("shows each field's message under it, marks it invalid and describes it with the message", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is too short")).toBeTruthy();
    expect(screen.getByText("Secret must be at least 8 characters").id).toBe("t-secret-error");
    const name = screen.getByLabelText("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("t-name-error");
    expect(screen.getByLabelText("Phone").hasAttribute("aria-invalid")).toBe(false);
  });

  it("puts the server's messages under the fields the form has, renamed where the server calls them differently", async () => {
    const user = userEvent.setup();
    const err = new ApiError(400, "validation_error", "Please check the fields.", { name: "Taken.", mobile: "Not a mobile number.", other: "Ignored." });
    render(<Harness onValid={vi.fn()} serverError={err} />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Taken.")).toBeTruthy();
    expect(screen.getByText("Not a mobile number.").id).toBe("t-phone-error");
    expect(screen.queryByText("Ignored.")).toBeNull();
  });

  it("leaves the form alone for an error that is not the server's field answer", () => {
    const setError = vi.fn();
    applyServerFieldErrors(new Error("offline"), setError, ["name"]);
    applyServerFieldErrors(new ApiError(500, "http_error", "Something went wrong"), setError, ["name"]);
    expect(setError).not.toHaveBeenCalled();
  });

  it("shows a message from elsewhere until the form has its own for the field", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} outsideError="The quote refused this name." />);
    expect(screen.getByText("The quote refused this name.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is too short")).toBeTruthy();
    expect(screen.queryByText("The quote refused this name.")).toBeNull();
  });

  it("turns an emptied count back into its default when the field is left", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    const guests = screen.getByLabelText("Guests") as HTMLInputElement;
    await user.clear(guests);
    await user.tab();
    await vi.waitFor(() => expect(guests.value).toBe("1"));
  });

  it("offers only the given times, labelled on the 12-hour clock, and shows or hides the password", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    const options = [...(screen.getByLabelText("Time") as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(["7:00 PM", "7:30 PM", "8:00 PM"]);
    const secret = screen.getByLabelText("Secret");
    expect(secret.getAttribute("type")).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(secret.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
  });
});
