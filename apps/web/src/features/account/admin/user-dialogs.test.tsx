// @vitest-environment happy-dom
// The admin's New User and Edit User dialogs: what they send, each field's own message, the server's message under its field.
import { describe, expect, it } from "vitest";
import type { AdminUser } from "@meridian/shared/admin";
import { apiError, fillAndSubmit, renderDialog, type Routes } from "@/test/render";
import { EditUserDialog, NewUserDialog } from "./user-dialogs";

const USER: AdminUser = {
  id: "u2",
  fullName: "Marcus Hale",
  email: "marcus@example.com",
  phone: "+13105550123",
  role: "user",
  status: "active",
  emailVerified: true,
  createdAt: "2026-01-05T10:00:00.000Z",
};

const openNew = (routes: Routes = {}) => renderDialog("New User", (onClose) => <NewUserDialog open onOpenChange={onClose} />, routes);
const openEdit = (routes: Routes = {}, isSelf = false) => renderDialog("Edit User", (onClose) => <EditUserDialog user={USER} isSelf={isSelf} onClose={onClose} />, routes);

const created = (body: unknown) => ({ status: 201, json: { user: { ...USER, ...(body as object), id: "u9" } } });

describe("NewUserDialog", () => {
  it("creates the account with the role chosen and says where the e-mail went", async () => {
    const { user, screen, dialog, calls, onClose } = openNew({ "POST /api/admin/users": created });
    await user.click(dialog.getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Dispatcher" }));
    await fillAndSubmit(user, dialog, { "Full name": "Ada Lovelace", Email: "Ada@Example.com " }, "Create User");
    expect(await screen.findByText("User Created")).toBeTruthy();
    expect(screen.getByText("A set-password e-mail was sent to ada@example.com.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ fullName: "Ada Lovelace", email: "ada@example.com", role: "dispatcher" });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it.each([
    ["asks for a full name of two letters or more", { "Full name": "A", Email: "ada@example.com" }, "Full name", "fullName", "Full name must be at least 2 characters"],
    ["refuses an e-mail that is not one", { "Full name": "Ada Lovelace", Email: "ada@" }, "Email", "email", "Invalid email address"],
  ] as const)("%s", async (_, values, label, field, message) => {
    const { user, dialog, calls } = openNew();
    await fillAndSubmit(user, dialog, values, "Create User");
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.getByLabelText(label).getAttribute("aria-invalid")).toBe("true");
    expect(dialog.getByLabelText(label).getAttribute("aria-describedby")).toBe(`new-${field}-error`);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("puts the server's 'e-mail taken' under the e-mail and keeps the dialog open", async () => {
    const { user, screen, dialog, onClose } = openNew({
      "POST /api/admin/users": apiError(409, "email_taken", "An account with this e-mail already exists."),
    });
    await fillAndSubmit(user, dialog, { "Full name": "Ada Lovelace", Email: "ada@example.com" }, "Create User");
    expect(await screen.findByText("Error creating user")).toBeTruthy();
    expect(dialog.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(dialog.getByText("An account with this e-mail already exists.", { selector: "#new-email-error" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts a server validation message under the field it names", async () => {
    const { user, dialog } = openNew({
      "POST /api/admin/users": apiError(400, "validation_error", "Please check the highlighted fields.", { fullName: "Names may not contain digits." }),
    });
    await fillAndSubmit(user, dialog, { "Full name": "Ada Lovelace", Email: "ada@example.com" }, "Create User");
    expect((await dialog.findByText("Names may not contain digits.")).id).toBe("new-fullName-error");
  });
});

describe("EditUserDialog", () => {
  it("saves the edited name, phone and status", async () => {
    const { user, screen, dialog, calls, onClose } = openEdit({ "PATCH /api/admin/users/u2": (body) => ({ json: { user: { ...USER, ...(body as object) } } }) });
    await user.click(dialog.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Inactive" }));
    await fillAndSubmit(user, dialog, { "Full name": "Marcus J. Hale", Phone: "(310) 555-0199" }, "Save Changes");
    expect(await screen.findByText("User Updated")).toBeTruthy();
    expect(screen.getByText("Marcus J. Hale's details have been saved.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ fullName: "Marcus J. Hale", phone: "+13105550199", role: "user", status: "inactive" });
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses a one-letter name", async () => {
    const { user, dialog, calls } = openEdit();
    await fillAndSubmit(user, dialog, { "Full name": "M" }, "Save Changes");
    expect(await dialog.findByText("Full name must be at least 2 characters")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("refuses a phone number no country issues", async () => {
    const { user, dialog, calls } = openEdit();
    await fillAndSubmit(user, dialog, { Phone: "555-CALL-NOW" }, "Save Changes");
    expect(await dialog.findByText("Please enter a valid phone number")).toBeTruthy();
    expect(dialog.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("puts the server's message under the phone field and says Update Failed", async () => {
    const { user, screen, dialog, onClose } = openEdit({
      "PATCH /api/admin/users/u2": apiError(400, "validation_error", "Please check the highlighted fields.", { phone: "This number cannot receive texts." }),
    });
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect((await dialog.findByText("This number cannot receive texts.")).id).toBe("edit-phone-error");
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("does not let an admin change their own role or status", () => {
    const { dialog } = openEdit({}, true);
    expect((dialog.getByRole("combobox", { name: "Role" }) as HTMLButtonElement).disabled).toBe(true);
    expect((dialog.getByRole("combobox", { name: "Status" }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByText(/You cannot change your own role/)).toBeTruthy();
  });
});
