// Accounts end to end, as a guest would live them: sign up, verify from the e-mail, sign in, edit the
// profile, stay signed in across a reload, sign out; forgot password; validation; route guards.
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, createVerifiedUser, expect, linkFromLatestEmail, signInThroughModal, test, uniqueEmail } from "./fixtures";

const dialogOf = (page: Page) => page.getByRole("dialog");

async function openSignInModal(page: Page) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "sign-in dialog" });
  return dialog;
}

async function signInInDialog(dialog: Locator, email: string, password: string) {
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

test("sign up, verify from the e-mail, sign in, edit the profile, reload, sign out", async ({ page, request }) => {
  test.slow(); // a long journey: two e-mails, three sign-in attempts, a reload
  const email = uniqueEmail("signup");
  const password = "golden-hour-2026";

  // Sign up through the modal.
  const dialog = await openSignInModal(page);
  await dialog.getByRole("button", { name: "Create an account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await dialog.getByLabel("Full Name").fill("Isabella Marchetti");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created!")).toBeVisible();
  await expect(page.getByText("Please check your email to verify your account.")).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "check your inbox" });

  // Not verified yet: sign-in is refused and the modal stays open.
  await dialog.getByRole("button", { name: "Back to sign in" }).click();
  await signInInDialog(dialog, email, password);
  await expect(page.getByText("Sign in Failed")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Please confirm your e-mail address first.")).toBeVisible();
  // Ask for a fresh link; the newest e-mail is the one opened below.
  await dialog.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(page.getByText("Verification Email Sent")).toBeVisible();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      return ((await res.json()) as { emails: { subject: string }[] }).emails.filter((e) => e.subject.includes("Verify")).length;
    })
    .toBe(2);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // Open the newest verification e-mail in the dev mailbox, as a person would, and click its link: back on
  // the home page, greeted, sign-in modal open.
  await page.goto("/dev/mailbox");
  await page.getByRole("row").filter({ hasText: email }).first().getByRole("link", { name: /Verify/ }).click();
  await expect(page.getByText(`To ${email}`)).toBeVisible();
  await page.getByRole("list").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Email Verified")).toBeVisible();
  await expect(page.getByText("Your e-mail is confirmed. You can now sign in.")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();

  await signInInDialog(dialog, email, password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You have successfully signed in.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Dashboard: edit name and phone.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Isabella Marchetti");
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).not.toBeEditable();
  await page.getByLabel("Full Name").fill("Isabella Marchetti-Rossi");
  await page.getByLabel("Phone").fill("+1 310 555 0199");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(page.getByText("Your information has been saved successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Isabella Marchetti-Rossi");

  // Reload: still signed in, values kept.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Isabella Marchetti-Rossi");
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByLabel("Full Name")).toHaveValue("Isabella Marchetti-Rossi");
  await expect(page.getByLabel("Phone")).toHaveValue("+13105550199"); // kept in E.164

  // Sign out from the header's avatar menu: back on the home page, signed out.
  await page.getByRole("banner").getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/$/);
});

test("forgot password: e-mail link, new password, old one refused, other sessions signed out", async ({ page, request, browser }) => {
  test.slow(); // two browsers, an e-mail round trip and four sign-ins
  const user = await createVerifiedUser(request, "Theodore Vance");
  const newPassword = "midnight-drive-2027";

  // Another browser, signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughModal(otherPage, user.email, user.password);
  await otherPage.goto("/dashboard");
  await expect(otherPage.getByRole("heading", { level: 1 })).toContainText("Theodore Vance");

  // Request the reset from the modal.
  const dialog = await openSignInModal(page);
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password Reset Email Sent")).toBeVisible();
  await expect(page.getByText("Please check your inbox for instructions.")).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "reset link sent" });

  // Follow the e-mailed link to the set-new-password screen.
  const link = await linkFromLatestEmail(request, user.email, "Reset");
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Confirm Password").fill("not-the-same-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Updated")).toBeVisible();
  await expect(page.getByText("You can now sign in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();

  // The old password no longer works; the new one does.
  await signInInDialog(dialog, user.email, user.password);
  await expect(page.getByText("Sign in Failed")).toBeVisible();
  await expect(dialog).toBeVisible();
  await signInInDialog(dialog, user.email, newPassword);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Theodore Vance");

  // The link works only once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This Link Is No Longer Valid" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Request a New Link" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset Password" })).toBeVisible();

  // The session opened before the reset was revoked: the dashboard, reloaded, asks to sign in again.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(otherPage.getByRole("dialog").getByRole("heading", { name: "Sign In" })).toBeVisible();
  await other.close();
});

test("the modal shows the spec's validation messages under the fields and clears them between modes", async ({ page }) => {
  test.slow();
  const dialog = await openSignInModal(page);
  const email = dialog.getByLabel("Email");
  const password = dialog.getByLabel("Password", { exact: true });

  // Sign in with nothing filled in.
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(email).toHaveAccessibleDescription("Invalid email address");
  await expect(password).toHaveAccessibleDescription("Password is required");
  await expect(dialog).toBeVisible();

  // The password toggle shows and hides what was typed.
  await password.fill("secret-value");
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // Sign up: all three messages.
  await dialog.getByRole("button", { name: "Create an account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("");
  await dialog.getByLabel("Full Name").fill("J");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByLabel("Full Name")).toHaveAccessibleDescription("Full name must be at least 2 characters");
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Password must be at least 8 characters");
  await expectNoA11yViolations(page, { include: dialog, label: "sign-up dialog with errors" });

  // Back to sign in: empty form, no errors.
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByLabel("Email")).toHaveValue("");

  // Forgot password: e-mail must be valid.
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  await dialog.getByLabel("Email").fill("still wrong");
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");

  // Wrong credentials: a destructive toast with the server's message; the modal stays open.
  await dialog.getByRole("button", { name: "Back to sign in" }).click();
  await signInInDialog(dialog, uniqueEmail("nobody"), "wrong-password-1");
  await expect(page.getByText("Sign in Failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(dialog).toBeVisible();

  // Closes with the X, and with a click on the backdrop.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 400);
  await expect(dialog).toBeHidden();
});

test("a stale verification link says so and offers the sign-in modal", async ({ page }) => {
  await page.goto("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2F%3Fverified%3D1");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Verification Failed")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Email Verified")).toHaveCount(0);
});

test("route guards: signed-out visitors leave /dashboard, non-admins leave /admin", async ({ page, request }) => {
  // Sent home, a signed-out visitor is asked to sign in (once the modal shows, the request has left the history
  // entry: the next visit to "/" does not open it again).
  const signIn = page.getByRole("dialog").getByRole("heading", { name: "Sign In" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(signIn).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(signIn).toBeVisible();

  const user = await createVerifiedUser(request, "Olivia Chen");
  await signInThroughModal(page, user.email, user.password);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Olivia Chen");
  await page.goto("/admin/pricing");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a signed-out customer following an e-mail's link is asked to sign in there, then lands on the page it named", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "Linked Guest");
  await page.goto("/dashboard?tab=receipts");
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
  // Closing it keeps it closed; the guard sends the next visit here again.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.goto("/dashboard?tab=receipts");
  await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=receipts$/);
  await expect(page.getByRole("tab", { name: "Receipts" })).toHaveAttribute("aria-selected", "true");

  // Signing out there just goes home: no sign-in modal.
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("the demo admin signs in through the same modal and may open /admin", async ({ page }) => {
  await signInThroughModal(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
});
