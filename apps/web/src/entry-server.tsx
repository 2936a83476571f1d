// The home page drawn on the server (apps/server/src/settings/server-drawn-home.ts): the same tree main.tsx hydrates, at "/",
// signed out, with the public settings the page carries. Built by `vite build --ssr` into dist-ssr/.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { PublicSettings } from "@meridian/shared/settings-public";
import { newQueryClient, Providers } from "./app/providers";
import { AppRoutes } from "./app/router";
import { settingsKeys } from "./lib/query-keys";

export function renderHome(settings: PublicSettings | null): string {
  const client = newQueryClient();
  if (settings) client.setQueryData(settingsKeys.public(), settings);
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <Providers client={client}>
          <AppRoutes />
        </Providers>
      </StaticRouter>
    </StrictMode>,
  );
}
