// Home as the server draws it: the client's own tree (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr)
// rendered to HTML at "/", so the hero paints with the page's first bytes instead of after the app's JavaScript;
// the client then hydrates it (main.tsx). The drawing depends only on the public settings (signed out, "/") and
// the year (the footer's copyright line), so it is made once per settings and year and kept. Without the build, or when drawing fails, home is the empty shell the
// client draws itself, as every other page is.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { PublicSettings } from "@meridian/shared/settings";
import type { Logger } from "../lib/logger";

type RenderHome = (settings: PublicSettings | null) => string;

/** Where the page's empty root is: the drawing goes inside it. */
const EMPTY_ROOT = '<div id="root"></div>';
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

/** `entry`: the built entry-server.js. Null when there is none (tests, a client built without it). */
export function serverDrawnHome(entry: string, logger: Logger) {
  if (!fs.existsSync(entry)) return null;
  let loaded: Promise<RenderHome | null> | undefined;
  let kept: { key: string; preloads: string; html: string } | undefined;
  /** `page` with home drawn into its root, for these settings (`settingsJson`: their JSON, what it is kept under with the year). */
  return async function drawHome(page: string, settings: PublicSettings | null, settingsJson: string): Promise<string> {
    // Loaded on the first visit to home: the server's start and its memory do not carry React until then.
    loaded ??= import(pathToFileURL(entry).href).then(
      (m: { renderHome: RenderHome }) => m.renderHome,
      (err: unknown) => (logger.error("the server-drawn home could not be loaded; home is drawn by the client", { err: String(err) }), null),
    );
    const render = await loaded;
    if (!render) return page;
    // A drawing kept from last year would say last year's copyright, where the client says this one's.
    const key = `${new Date().getFullYear()} ${settingsJson}`;
    if (kept?.key !== key) {
      try {
        const html = render(settings);
        // React writes the page's preloads (the first screen's fonts) first: they go in the head.
        const preloads = LEADING_PRELOADS.exec(html)?.[0] ?? "";
        kept = { key, preloads, html: html.slice(preloads.length) };
      } catch (err) {
        logger.error("drawing home failed; home is drawn by the client", { err: String(err) });
        return page;
      }
    }
    const { preloads, html } = kept;
    return (
      page
        // The app's modules are fetched once home is painted (public/boot.js), not beside what the first paint needs.
        .replace(MODULE_PRELOADS, "")
        .replace("</head>", () => `${preloads}</head>`)
        .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`)
    );
  };
}
