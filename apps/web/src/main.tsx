// First: what the Content-Security-Policy needs (the style nonce, no eval) before any library runs.
import "./lib/csp";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/app";
import "./index.css";

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// Home comes drawn by the server (entry-server.tsx): React takes its markup over in a transition, in short slices that
// leave the page responsive (a tap meanwhile is held by public/boot.js). Every other page is drawn here.
const root = document.getElementById("root")!;
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
