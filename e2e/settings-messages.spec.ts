// Settings → Email/SMS (issue 25): the senders and delivery status, a message's subject and intro edited with a
// live preview (an unknown placeholder refused), "Send Me a Test" in the admin's mailbox, the edited subject in the
// next real message, and a message switched off not sent; axe clean, screenshots at desktop width and 390 px.
// "Joined the team" is the message edited: no other spec reads it. The settings are put back afterwards.
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, createVerifiedUser, expect, test } from "./fixtures";

type Mailbox = { emails: { subject: string; text: string }[] };

test("Settings → Email/SMS: edit a message, send a test, see it in the next e-mail; a message switched off is not sent", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  const before = (await (await page.request.get("/api/admin/settings/messages")).json()) as { messages: Record<string, unknown> };
  const mailbox = async (to: string) => ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mailbox).emails;
  const promote = async (email: string, fullName: string) => {
    const res = await page.request.post("/api/admin/staff", { data: { fullName, email, role: "valet" } });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    await page.goto("/admin/settings?tab=email");
    await expect(page.getByRole("heading", { name: "Email/SMS" })).toBeVisible();
    await expect(page.getByTestId("mail-from")).toHaveText(/@/);
    await expect(page.getByTestId("mail-delivery")).toContainText("queued");

    const row = page.getByTestId("message-staff_joined");
    await row.getByRole("button", { name: "Edit “Joined the team”" }).click();
    await row.getByLabel("Subject").fill("Welcome aboard {customerName}, from {ticketCode}");
    await row.getByRole("button", { name: "Save Message" }).click();
    await expect(row.getByText("Unknown placeholder {ticketCode}: use {customerName}, {company}.")).toBeVisible();
    await row.getByLabel("Subject").fill("Welcome aboard {customerName}, from {company}");
    await row.getByLabel("Intro (first paragraph)").fill("Dear {customerName}, the team is glad to have you.");
    const preview = row.getByTestId("message-staff_joined-preview");
    await expect(preview).toContainText(/Welcome aboard Alex Morgan, from \S/);
    await expect(preview).toContainText("Dear Alex Morgan, the team is glad to have you.");
    await expectNoA11yViolations(page, { label: "Settings → Email/SMS (editing)" });
    await page.screenshot({ path: "test-results/settings-messages-desktop.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/settings-messages-390.png", fullPage: true });
    await expectNoA11yViolations(page, { label: "Settings → Email/SMS at 390 px" });
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Send Me a Test: to the signed-in admin, worded as typed.
    await row.getByRole("button", { name: "Send Me a Test" }).click();
    await expect(page.getByText(`was sent to ${ADMIN.email}.`)).toBeVisible();
    await expect.poll(async () => (await mailbox(ADMIN.email)).some((m) => m.subject.startsWith("Welcome aboard Alex Morgan, from "))).toBe(true);

    await row.getByRole("button", { name: "Save Message" }).click();
    await expect(page.getByText("“Joined the team” goes out with the new wording from now on.")).toBeVisible();
    await expect(row.getByText("Edited")).toBeVisible();

    // The next real message: a customer made staff gets the edited subject and first paragraph.
    const joined = await createVerifiedUser(request, "Leonie Park");
    await promote(joined.email, joined.fullName);
    const [mail] = (await mailbox(joined.email)).filter((m) => m.subject.startsWith("Welcome aboard"));
    expect(mail!.subject).toMatch(/^Welcome aboard Leonie Park, from \S/);
    expect(mail!.text.split("\n\n")[0]).toBe("Dear Leonie Park, the team is glad to have you.");
    // ...and the mailbox page lists it.
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("link", { name: mail!.subject })).toBeVisible();

    // Switched off, it is not sent.
    await page.goto("/admin/settings?tab=email");
    const toggle = page.getByTestId("message-staff_joined").getByRole("switch", { name: "Send “Joined the team”" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.getByTestId("message-password_reset").getByText("Always sent")).toBeVisible();
    const quiet = await createVerifiedUser(request, "Quentin Hale");
    await promote(quiet.email, quiet.fullName);
    expect((await mailbox(quiet.email)).filter((m) => /aboard|team/.test(m.subject))).toHaveLength(0);
    await expectNoA11yViolations(page, { label: "Settings → Email/SMS" });
  } finally {
    await page.request.put("/api/admin/settings/messages", { data: before.messages });
  }
});
