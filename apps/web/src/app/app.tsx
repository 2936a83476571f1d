// The whole app, below its router: main.tsx puts it in the browser's router, entry-server.tsx in a static one at "/".
// One tree for both, so the page the server draws is the page the client takes over (entry-server.test.tsx).
import type { QueryClient } from "@tanstack/react-query";
import { Providers } from "./providers";
import { AppRoutes } from "./router";

/** `client`: the server's drawing gives one with the page's data in it. */
export function App({ client }: { client?: QueryClient }) {
  return (
    <Providers client={client}>
      <AppRoutes />
    </Providers>
  );
}
