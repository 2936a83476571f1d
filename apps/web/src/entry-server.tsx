// The home page drawn on the server (apps/server/src/settings/server-drawn-home.ts): the same tree main.tsx hydrates, at "/",
// signed out, with the public settings the page carries. Built by `vite build --ssr` into dist-ssr/.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { PublicSettings } from "@meridian/shared/settings-public";
import { App } from "./app/app";
import { newQueryClient } from "./app/providers";
import { settingsKeys } from "./lib/query-keys";

export function renderHome(settings: PublicSettings | null): string {
  const client = newQueryClient();
  if (settings) client.setQueryData(settingsKeys.public(), settings);
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App client={client} />
      </StaticRouter>
    </StrictMode>,
  );
}
