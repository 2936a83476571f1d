// npm run admin -- --email <e-mail> [--password <password>] [--name <full name>]
// Creates a verified admin account, or promotes an existing account to admin (and sets its password
// when --password is given; its other sessions are then signed out). Reads settings like the server.
import { and, eq } from "drizzle-orm";
import { fullNameSchema, signUpSchema } from "@meridian/shared/auth";
import { createUser } from "../seed/factories";
import { account, session, user } from "../db/schema";
import { createLogger } from "../lib/logger";
import { createMailer } from "../mail/mailer";
import { authFor, buildConfig } from "../server";
import { CliError, cliOptions, describeTarget, openForCli, runCli } from "./common";

const usage = "Usage: npm run admin -- --email <e-mail> [--password <password>] [--name <full name>]";

runCli(async (env) => {
  const values = cliOptions<{ email?: string; password?: string; name?: string }>({ email: { type: "string" }, password: { type: "string" }, name: { type: "string" } }, usage);
  if (!values) return;
  const email = signUpSchema.shape.email.safeParse(values.email ?? "");
  if (!email.success) throw new CliError(`A valid --email is required.\n${usage}`);
  const address = email.data.toLowerCase();
  if (values.password !== undefined) {
    const ok = signUpSchema.shape.password.safeParse(values.password);
    if (!ok.success) throw new CliError(ok.error.issues[0]!.message);
  }
  let name: string | undefined;
  if (values.name !== undefined) {
    const ok = fullNameSchema.safeParse(values.name);
    if (!ok.success) throw new CliError(ok.error.issues[0]!.message);
    name = ok.data;
  }

  const config = buildConfig(env);
  const database = await openForCli(env);
  try {
    const logger = createLogger("silent");
    const mailer = createMailer({ smtpUrl: undefined, from: env.MAIL_FROM, db: database.db, logger });
    const auth = authFor(config, { db: database.db, mailer, logger });
    const db = database.db;
    const [existing] = await db.select().from(user).where(eq(user.email, address));

    if (!existing) {
      if (!values.password) throw new CliError(`There is no account for ${address}. Give --password to create it.\n${usage}`);
      await createUser(db, auth, { email: address, password: values.password, fullName: name ?? "Meridian Admin", role: "admin" });
      process.stdout.write(`Created admin ${address} (${describeTarget(env)}). Sign in with the password you gave.\n`);
      return;
    }

    const notes: string[] = [];
    await db
      .update(user)
      .set({ role: "admin", emailVerified: true, banned: false, banReason: null, banExpires: null, ...(name ? { name } : {}) })
      .where(eq(user.id, existing.id));
    notes.push(existing.role === "admin" ? "already an admin" : `promoted from ${existing.role} to admin`);
    if (existing.banned) notes.push("reactivated (it was inactive)");
    if (!existing.emailVerified) notes.push("e-mail marked verified");
    if (name) notes.push("name updated");
    if (values.password) {
      const hash = await (await auth.$context).password.hash(values.password);
      const [credential] = await db
        .select()
        .from(account)
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")));
      if (credential) await db.update(account).set({ password: hash }).where(eq(account.id, credential.id));
      else
        await db
          .insert(account)
          .values({ id: crypto.randomUUID(), accountId: existing.id, providerId: "credential", userId: existing.id, password: hash });
      const revoked = await db.delete(session).where(eq(session.userId, existing.id)).returning({ id: session.id });
      notes.push(`password set${revoked.length ? `, ${revoked.length} session(s) signed out` : ""}`);
    }
    process.stdout.write(`${address}: ${notes.join("; ")} (${describeTarget(env)}).\n`);
  } finally {
    await database.close();
  }
});
