// First: what the Content-Security-Policy needs (the style nonce, no eval) before any library runs.
import "./lib/csp";
import { startTransition, StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers";
import { AppRoutes } from "./app/router";
import "./index.css";

/** The app has the page: public/boot.js does again what was tapped before it had. */
function SayReady() {
  useEffect(() => void document.dispatchEvent(new Event("meridian:ready")), []);
  return null;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
    <SayReady />
  </StrictMode>
);
// Home comes drawn by the server (entry-server.tsx): React takes its markup over in a transition, in short slices,
// so the page answers a tap meanwhile (React replays one on a part not yet taken over). Every other page is drawn here.
const root = document.getElementById("root")!;
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
