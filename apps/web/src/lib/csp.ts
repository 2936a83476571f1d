// What the page's Content-Security-Policy (apps/server/src/lib/security-headers.ts) needs before anything else runs.
// <style> elements are allowed only with this answer's nonce, which the server writes into index.html.
// react-remove-scroll, under the dialogs, writes one as a dialog opens and takes its nonce from the global
// webpack convention (get-nonce). Under the Vite dev server there is no nonce and no CSP.
const PLACEHOLDER = "__CSP_NONCE__";
const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
/** This page's style nonce, for a component that renders its own <style> (Radix Select's viewport takes a `nonce`). */
export const cspNonce = meta && meta !== PLACEHOLDER ? meta : undefined;
if (cspNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = cspNonce;

// No eval: zod would otherwise try `new Function` once to see whether it may compile its parsers, which the
// CSP refuses (and reports). The forms' schemas are small; the interpreted parsers are fast enough. In the built
// app public/boot.js has set this already, before any chunk (one that builds schemas may run before this
// module); here it covers the dev server and tests.
// Set the way zod reads it (without importing zod: the home page does not load the schema library).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = Object.assign((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ?? {}, { jitless: true });
