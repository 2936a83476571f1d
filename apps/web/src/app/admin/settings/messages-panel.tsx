// Settings → Email/SMS: who the messages come from and how delivery goes (the mail queue and its last failure),
// then every message Meridian sends: a switch where it is optional (saved at once), and an editor for its subject
// and intro with the placeholders it offers, a live preview, and "Send Me a Test" (to the signed-in admin).
import {
  fillPlaceholders,
  MESSAGE_DEFINITIONS,
  MESSAGE_EXAMPLE,
  MESSAGE_PLACEHOLDERS,
  messagesSettingsSchema,
  type MessageDefinition,
  type MessageKind,
  type MessagesOverview,
} from "@meridian/shared/settings";
import { useMutation } from "@tanstack/react-query";
import { AlertTriangle, Mail, MessageSquare, Send } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/form/fields";
import { Form, submitTo } from "@/components/form/form";
import { api } from "@/lib/api";
import { messageTestResultSchema } from "@meridian/shared/settings/answers";
import { notifyError, notifySuccess } from "@/lib/notify";
import { usePublicSettings } from "@/lib/public-settings";
import { cn } from "@/lib/utils";
import { useSaveSettingsSection } from "../api/settings-sections";
import { formatDateTime } from "@/components/admin/admin-ui";
import { Panel } from "@/components/ui/panel";
import { Fact, SectionPanels, SettingsPanel, Switch } from "./settings-ui";


export function MessagesPanel() {
  return <SectionPanels section="messages" panels={[DeliveryPanel, MessageList]} />;
}

function DeliveryPanel({ data }: { data: MessagesOverview }) {
  const { senders, delivery } = data;
  return (
    <SettingsPanel icon={Mail} title="Email/SMS" description="Every e-mail and text message Meridian sends, who it comes from and whether it arrives. The senders are set in the server's environment (MAIL_FROM, the SMS sender).">
      <dl className="grid gap-3 md:grid-cols-3">
        <Fact label="E-mail sender" note={senders.email.label}>
          <span data-testid="mail-from">{senders.email.from}</span>
        </Fact>
        <Fact label="SMS sender" note={senders.sms.label}>
          {senders.sms.from ?? "No sender number (embedded outbox)"}
        </Fact>
        <Fact
          label="Delivery"
          data-testid="mail-delivery"
          note={
            delivery.lastFailure ? (
              <span className="text-danger">
                Last failure {formatDateTime(delivery.lastFailure.at)}: “{delivery.lastFailure.subject}” to {delivery.lastFailure.to}: {delivery.lastFailure.error}
                {delivery.lastFailure.gaveUp ? " (given up)" : " (will be retried)"}
              </span>
            ) : senders.email.transport === "smtp" ? (
              "No delivery failures."
            ) : (
              "Nothing leaves the server: e-mail is kept in the outbox."
            )
          }
        >
          {delivery.queued} queued · {delivery.failed} given up
        </Fact>
      </dl>
      {!data.smsOn ? (
        <p className="mt-5 flex items-start gap-2.5 rounded-xl border border-gold/40 bg-gold/[0.06] px-4 py-3 text-sm text-foreground">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
          <span>
            SMS notifications are switched off, so no text message goes out.{" "}
            <Link to="/admin/settings?tab=features" className="text-gold underline-offset-4 hover:underline">
              Features
            </Link>
          </span>
        </p>
      ) : null}
    </SettingsPanel>
  );
}

function MessageList({ data }: { data: MessagesOverview }) {
  const save = useSaveSettingsSection("messages");
  const [open, setOpen] = useState<MessageKind | null>(null);
  const toggle = async (def: MessageDefinition, on: boolean) => {
    try {
      await save.mutateAsync({ ...data.messages, [def.kind]: { ...data.messages[def.kind as MessageKind], enabled: on } });
      notifySuccess("Settings Saved", `${def.label} is now ${on ? "sent" : "not sent"}.`);
    } catch (err) {
      notifyError("Could not save settings", err);
    }
  };
  return (
    <Panel className="p-4 sm:p-6" aria-labelledby="messages-title">
      <h2 id="messages-title" className="px-3 pt-3 font-display text-3xl text-foreground">
        Messages
      </h2>
      <p className="mt-2 max-w-2xl px-3 text-sm leading-relaxed text-muted">Account, booking and payment messages are always sent; the others can be switched off. Edit a message to change its subject and first paragraph.</p>
      <ul className="mt-5">
        {MESSAGE_DEFINITIONS.map((def) => {
          const saved = data.messages[def.kind];
          const isOpen = open === def.kind;
          const edited = Boolean(saved.subject || saved.intro);
          return (
            <li key={def.kind} className="border-t border-border/70 first:border-t-0" data-testid={`message-${def.kind}`}>
              <div className="flex flex-col gap-3 px-3 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    {def.channel === "email" ? <Mail className="size-4 text-gold/80" aria-hidden /> : <MessageSquare className="size-4 text-gold/80" aria-hidden />}
                    <span id={`message-${def.kind}-label`} className="text-base text-foreground">
                      {def.label}
                    </span>
                    <Badge tone="neutral" className="normal-case">
                      {def.channel === "email" ? "E-mail" : "SMS"}
                    </Badge>
                    {edited ? (
                      <Badge tone="gold" className="normal-case">
                        Edited
                      </Badge>
                    ) : null}
                  </p>
                  <p id={`message-${def.kind}-when`} className="mt-1 text-sm text-muted">
                    {def.when}
                  </p>
                </div>
                <div className="flex shrink-0 items-center justify-between gap-4 sm:justify-end">
                  {def.optional ? (
                    <span className="flex items-center gap-3">
                      <span className="text-xs text-muted" aria-hidden>
                        {saved.enabled ? "Sent" : "Off"}
                      </span>
                      <Switch id={`message-${def.kind}-switch`} label={`Send “${def.label}”`} describedBy={`message-${def.kind}-when`} checked={saved.enabled} disabled={save.isPending} onChange={(on) => void toggle(def, on)} />
                    </span>
                  ) : (
                    <span className="text-xs text-muted">Always sent</span>
                  )}
                  <Button variant="subtle" size="sm" aria-expanded={isOpen} aria-controls={`message-${def.kind}-editor`} aria-label={`${isOpen ? "Close" : "Edit"} “${def.label}”`} onClick={() => setOpen(isOpen ? null : (def.kind as MessageKind))}>
                    {isOpen ? "Close" : "Edit"}
                  </Button>
                </div>
              </div>
              {isOpen ? <MessageEditor key={`${saved.subject}|${saved.intro}`} def={def} data={data} onSaved={() => setOpen(null)} /> : null}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function useSendTest(kind: string) {
  return useMutation({ mutationFn: (wording: { subject?: string; intro?: string }) => api(`/api/admin/settings/messages/${kind}/test`, messageTestResultSchema, { method: "POST", json: wording }) });
}

type Wording = { subject: string; intro: string };

/**
 * The editor's check: the message's new wording inside the whole section, checked by the section's schema (its
 * placeholders, one-line subject, lengths); the issues about this message's subject and intro under those fields.
 */
const wordingSchema = (kind: MessageKind, messages: MessagesOverview["messages"]) =>
  z.object({ subject: z.string(), intro: z.string() }).superRefine((wording, ctx) => {
    const parsed = messagesSettingsSchema.safeParse({ ...messages, [kind]: { ...messages[kind], ...wording } });
    for (const issue of parsed.error?.issues ?? []) {
      const [k, field] = issue.path;
      if (k === kind && (field === "subject" || field === "intro")) ctx.addIssue({ code: "custom", path: [field], message: issue.message });
    }
  });

function MessageEditor({ def, data, onSaved }: { def: MessageDefinition; data: MessagesOverview; onSaved: () => void }) {
  const kind = def.kind as MessageKind;
  const saved = data.messages[kind];
  const save = useSaveSettingsSection("messages");
  const sendTest = useSendTest(kind);
  const company = usePublicSettings().company.displayName;
  const form = useForm<Wording>({ resolver: zodResolver(wordingSchema(kind, data.messages)), defaultValues: { subject: saved.subject, intro: saved.intro } });
  const { subject, intro } = useWatch({ control: form.control }) as Wording;
  const sms = def.channel === "sms";
  const values = { ...MESSAGE_EXAMPLE, company };

  const onSubmit = submitTo(form, (wording) => save.mutateAsync(messagesSettingsSchema.parse({ ...data.messages, [kind]: { ...saved, ...wording } })), {
    failed: "Could not save settings",
    done: ["Settings Saved", `“${def.label}” goes out with the new wording from now on.`],
    then: onSaved,
  });

  const test = submitTo(form, (wording) => sendTest.mutateAsync({ ...(wording.subject ? { subject: wording.subject } : {}), ...(wording.intro ? { intro: wording.intro } : {}) }), {
    failed: "Could not send the test",
    done: (_wording, { sent }) => ["Test Sent", sent.channel === "email" ? `“${sent.subject}” was sent to ${sent.to}.` : `A test text was sent to ${sent.to}.`],
  });

  const shownSubject = fillPlaceholders(subject || def.defaultSubject, values);
  const shownIntro = fillPlaceholders(intro || def.defaultIntro, values);
  const id = (f: string) => `message-${kind}-${f}`;
  return (
    <Form form={form} id={id("editor")} onSubmit={(e) => void onSubmit(e)} className="mx-3 mb-5 grid gap-6 rounded-xl border border-border/80 bg-surface-2/30 p-5 lg:grid-cols-2">
      <div className="grid content-start gap-5">
        {!sms ? <TextField<Wording> name="subject" label="Subject" id={id("subject")} placeholder={def.defaultSubject} /> : null}
        <TextAreaField<Wording> name="intro" label={sms ? "Opening" : "Intro (first paragraph)"} id={id("intro")} rows={3} placeholder={def.defaultIntro} />
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.14em] text-muted">Placeholders</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {def.placeholders.map((p) => (
              <li key={p}>
                <code title={MESSAGE_PLACEHOLDERS[p]} className="rounded-md border border-border bg-background px-2 py-1 text-xs text-gold">
                  {`{${p}}`}
                </code>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">Leave a box empty to keep the standard wording.</p>
        </div>
      </div>
      <div className="grid content-start gap-3">
        <p className="text-xs font-medium uppercase tracking-[0.14em] text-muted">Preview</p>
        <div className={cn("rounded-xl border border-border bg-background p-5", sms && "max-w-sm")} data-testid={`message-${kind}-preview`} aria-live="polite">
          {sms ? (
            <p className="rounded-2xl rounded-bl-sm bg-surface-2 px-4 py-3 text-sm leading-relaxed text-foreground">
              {shownIntro} <span className="text-muted">…the link or details follow.</span>
            </p>
          ) : (
            <>
              <p className="text-xs text-muted">To: {values.customerName}</p>
              <p className="mt-1 text-sm font-medium text-foreground">{shownSubject}</p>
              <div className="mt-4 border-t border-border/70 pt-4">
                <p className="text-[0.7rem] tracking-[0.3em] text-gold">{company.toUpperCase()}</p>
                <p className="mt-3 text-sm leading-relaxed text-foreground">{shownIntro}</p>
                <p className="mt-2 text-sm leading-relaxed text-muted">…the rest of the message, with the booking's details.</p>
              </div>
            </>
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:col-span-2">
        <Button type="button" variant="outline" disabled={sendTest.isPending} onClick={(e) => void test(e)}>
          <Send aria-hidden /> {sendTest.isPending ? "Sending…" : "Send Me a Test"}
        </Button>
        <Button type="submit" disabled={!form.formState.isDirty || save.isPending}>
          {save.isPending ? "Saving…" : "Save Message"}
        </Button>
      </div>
    </Form>
  );
}
