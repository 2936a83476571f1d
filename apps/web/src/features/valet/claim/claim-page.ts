// /t/<token>: the guest's digital claim ticket (no sign-in). The ticket code, the car, a QR code of the
// ticket, the live status, Request my car / cancel, and an estimate from recent retrievals at this stand.
//
// Written without a framework (docs/decisions/019-the-claim-page-stands-alone.md): the guest at the curb opens
// it on a phone on one bar of mobile data, so the page is its own entry (claim.html) of a few kilobytes: no
// React, router, data layer or schemas. DOM nodes are built with textContent (names typed by attendants are
// never parsed as HTML); only the server's QR code SVG is inserted as markup.
import { CLAIM_UPDATE_EVENT, GUEST_STATUS_TEXT, VALET_STATUS_LABELS, type ClaimUpdate, type ClaimView } from "@meridian/shared/valet-guest";
import { openEventStream } from "@/lib/event-stream";

const STEPS = ["requested", "retrieving", "ready"] as const;
const BUTTON =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium tracking-wide transition-colors disabled:pointer-events-none disabled:opacity-45 [&_svg]:shrink-0 cursor-pointer w-full";
const GOLD = "bg-gold text-background hover:bg-gold-bright shadow-[0_8px_30px_-12px_rgba(201,163,92,0.6)]";
const GHOST = "text-foreground/80 hover:text-foreground hover:bg-white/5";
// Lucide's "car" and "clock" (ISC licence), drawn inline.
const ICON = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const CAR_ICON = `<svg ${ICON} class="size-5"><path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"/><circle cx="7" cy="17" r="2"/><path d="M9 17h6"/><circle cx="17" cy="17" r="2"/></svg>`;
const CLOCK_ICON = `<svg ${ICON} class="size-4 text-gold"><path d="M12 6v6l4 2"/><circle cx="12" cy="12" r="10"/></svg>`;
const MARK = `<svg viewBox="0 0 40 40" aria-hidden="true" class="size-8" fill="none"><defs><linearGradient id="claim-mark-gold" x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#f3dca0"/><stop offset="0.5" stop-color="#c9a35c"/><stop offset="1" stop-color="#8c7441"/></linearGradient></defs><circle cx="20" cy="20" r="18.5" stroke="url(#claim-mark-gold)" stroke-width="1" opacity="0.55"/><ellipse cx="20" cy="20" rx="7.5" ry="18.5" stroke="url(#claim-mark-gold)" stroke-width="1" opacity="0.55"/><path d="M10 27V13.5l10 10 10-10V27" stroke="url(#claim-mark-gold)" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

type Child = Node | string | null | false | undefined;
type Props = { class?: string; html?: string; on?: (e: Event) => void } & Record<string, string | boolean | undefined | ((e: Event) => void)>;

/** One element: attributes, text children (as text, never markup), `html` only for our own SVG. */
function h(tag: string, props: Props = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "html") el.innerHTML = v as string;
    else if (k === "on") el.addEventListener("click", v as (e: Event) => void);
    else if (v === true) el.setAttribute(k, "");
    else if (typeof v === "string") el.setAttribute(k, v);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

const present = (...children: Child[]) => children.filter((c): c is Node | string => Boolean(c));

type ApiFailure = { error?: { message?: string } };
async function call(path: string, method = "GET"): Promise<ClaimView> {
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: "include" });
  } catch {
    throw new Error("Could not reach Meridian. Check your connection and try again.");
  }
  const body = (await res.json().catch(() => null)) as ({ claim: ClaimView } & ApiFailure) | null;
  if (!res.ok || !body?.claim) throw new Error(body?.error?.message ?? "Something went wrong");
  return body.claim;
}

/** Renders the claim page for `token` into `root`, kept live until the returned function is called. */
export function mountClaimPage(root: HTMLElement, token: string): () => void {
  const path = `/api/claim/${encodeURIComponent(token)}`;
  let claim: ClaimView | null = null;
  let busy = false;
  let failure: string | null = null;
  let closeStream: (() => void) | undefined;

  // Said once per status change; the countdown changes quietly. Mounted once, so the first change is heard.
  const announcer = h("p", { role: "status", "aria-live": "polite", "aria-atomic": "true", class: "sr-only", "data-testid": "claim-announcement" });
  const content = h("div");
  const spinner = h("div", { class: "grid min-h-[60vh] place-items-center" }, h("span", { role: "status", "aria-label": "Loading", class: "inline-block size-10 animate-spin rounded-full border-2 border-gold/25 border-t-gold" }));
  content.append(spinner);
  root.replaceChildren(
    h("header", { class: "mx-auto flex h-[72px] w-full max-w-[480px] items-center px-5" },
      h("a", { href: "/", "aria-label": "Meridian, home", class: "inline-flex items-center gap-2.5", html: `${MARK}<span class="font-display text-[1.7rem] font-medium leading-none tracking-[0.06em] text-foreground">Meridian</span>` })),
    h("main", { class: "mx-auto min-h-dvh w-full max-w-[480px] px-5 pb-16 pt-6" }, announcer, content),
  );

  const minutesLeft = (c: ClaimView) =>
    c.requestedAt ? Math.max(1, Math.ceil(c.estimateMinutes - (Date.now() - Date.parse(c.requestedAt)) / 60_000)) : c.estimateMinutes;

  function render() {
    if (!claim) return;
    const c = claim;
    const ready = c.status === "ready";
    const coming = c.status === "requested" || c.status === "retrieving";
    const canRequest = c.status === "checked_in" || c.status === "parked";
    const step = STEPS.indexOf(c.status as (typeof STEPS)[number]);
    const left = minutesLeft(c);
    const message = `${GUEST_STATUS_TEXT[c.status]}${ready ? `. Please come to ${c.stand}.` : ""}`;
    if (announcer.textContent !== message) announcer.textContent = message;
    const focused = (document.activeElement as HTMLElement | null)?.dataset.focusKey;

    content.replaceChildren(...present(
      h("p", { class: "text-[0.68rem] uppercase tracking-[0.3em] text-gold" }, "Meridian Valet · Claim ticket"),
      h("p", { class: "mt-3 font-mono text-3xl tracking-wider text-foreground", "data-testid": "claim-code" }, c.ticketCode),
      h("section", { "data-testid": "claim-status", "data-status": c.status, class: `mt-6 rounded-2xl border p-6 ${ready ? "border-gold/70 bg-gold/10" : "border-border bg-surface/80"}` },
        h("p", { class: "text-xs uppercase tracking-[0.22em] text-muted" }, "Status"),
        h("p", { class: `mt-2 font-display text-3xl leading-tight ${ready ? "text-gold" : "text-foreground"}` }, GUEST_STATUS_TEXT[c.status]),
        coming && h("p", { class: "mt-3 flex items-center gap-2 text-sm text-foreground/85", "data-testid": "claim-estimate", html: CLOCK_ICON },
          ` About ${left} ${left === 1 ? "minute" : "minutes"} · ${VALET_STATUS_LABELS[c.status]}`),
        ready && h("p", { class: "mt-3 text-sm text-foreground/85" }, `Please come to ${c.stand}.`),
        step >= 0 && h("ol", { class: "mt-5 grid grid-cols-3 gap-2", "aria-label": "Progress" },
          ...STEPS.map((s, i) => h("li", { class: "text-center" },
            h("span", { class: `block h-1.5 rounded-full ${i <= step ? "bg-gold" : "bg-border"}` }),
            h("span", { class: `mt-2 block text-[0.7rem] uppercase tracking-[0.14em] ${i <= step ? "text-gold" : "text-muted"}` }, VALET_STATUS_LABELS[s])))),
      ),
      canRequest && h("button", { type: "button", "data-focus-key": "request", class: `${BUTTON} ${GOLD} mt-6 h-16 px-5 text-lg`, disabled: busy, html: CAR_ICON, on: () => act("POST", "Request Failed") }, " Request my car"),
      canRequest && h("p", { class: "mt-2 text-center text-xs text-muted" }, `Usually ready in about ${c.estimateMinutes} minutes.`),
      c.status === "requested" && h("button", { type: "button", "data-focus-key": "cancel", class: `${BUTTON} ${GHOST} mt-4 h-12 px-5 text-sm`, disabled: busy, on: () => act("DELETE", "Cancel Failed") }, "Cancel request"),
      failure && h("p", { role: "alert", class: "mt-4 rounded-lg border border-danger/60 bg-danger/10 p-3 text-sm text-foreground", "data-testid": "claim-error" }, failure),
      h("section", { class: "mt-8 grid grid-cols-[1fr_auto] items-center gap-5 rounded-2xl border border-border bg-surface/80 p-5" },
        h("div", {},
          h("p", { class: "text-xs uppercase tracking-[0.22em] text-muted" }, "Your car"),
          h("p", { class: "mt-2 text-lg text-foreground" }, `${c.car.colour} ${c.car.make} ${c.car.model}`),
          h("p", { class: "mt-1 font-mono text-sm text-muted" }, c.car.plate),
          h("p", { class: "mt-3 text-xs text-muted" }, c.stand)),
        h("div", { class: "size-28 overflow-hidden rounded-lg bg-white p-1.5 [&_svg]:size-full", role: "img", "aria-label": `QR code of ticket ${c.ticketCode}`, html: c.qrSvg })),
      c.photos.length > 0 && h("section", { class: "mt-6" },
        h("p", { class: "mb-3 text-xs uppercase tracking-[0.22em] text-muted" }, "Condition at check-in"),
        h("div", { class: "grid grid-cols-3 gap-2" },
          ...c.photos.map((p) => h("img", { src: p.url, alt: "Your car at check-in", loading: "lazy", class: "aspect-[4/3] w-full rounded-lg border border-border object-cover" })))),
    ));
    if (focused) content.querySelector<HTMLElement>(`[data-focus-key="${focused}"]`)?.focus();
  }

  function notFound() {
    content.replaceChildren(
      h("h1", { class: "font-display text-4xl" }, "Ticket not found"),
      h("p", { class: "mt-3 text-muted" }, "This link is not valid any more. Please ask the valet stand for help."),
    );
  }

  async function load() {
    try {
      claim = await call(path);
      render();
      listen();
    } catch {
      if (!claim) notFound();
    }
  }

  async function act(method: "POST" | "DELETE", title: string) {
    busy = true;
    failure = null;
    render();
    try {
      claim = await call(`${path}/request`, method);
    } catch (err) {
      failure = `${title}: ${(err as Error).message}`;
    }
    busy = false;
    render();
  }

  // The stream merges each change in; on a reconnection the ticket is read again (changes may have been missed).
  function listen() {
    closeStream ??= openEventStream({
      url: `${path}/events`,
      events: {
        [CLAIM_UPDATE_EVENT]: (u) => {
          if (claim && typeof u === "object" && u !== null) claim = { ...claim, ...(u as ClaimUpdate) };
          render();
        },
      },
      onReconnect: () => void load(),
    });
  }

  const timer = setInterval(render, 15_000); // the estimate's countdown
  void load();
  return () => {
    clearInterval(timer);
    closeStream?.();
  };
}
