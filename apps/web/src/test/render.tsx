// Component tests' harness: the app's providers around a screen (React Query, the session, the modals' state,
// a router at a given address, the toasts) and the API as a table of answers at the network's edge (fetch),
// in the server's shapes ({error:{code,message,fields}} for a failure). Importing it cleans up after each test.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { toast, Toaster } from "sonner";
import { afterEach, vi } from "vitest";
import { UiStateProvider } from "@/lib/ui-state";
import { AuthProvider } from "@/lib/auth/auth-context";

afterEach(() => {
  toast.dismiss(); // sonner keeps its toasts in the module: none carries over to the next test
  cleanup();
  vi.unstubAllGlobals();
});

type Reply = { status?: number; json?: unknown };
/** An answer, or a function of the request to one (a promise: the answer comes when it settles). */
export type Answer = Reply | ((body: unknown, url: URL) => Reply | Promise<Reply>);
/** "METHOD /path" (no query) → the answer. */
export type Routes = Record<string, Answer>;

/** What the API was asked: method, path, query and JSON body, in order. */
export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  json: { error: { code, message, ...(fields ? { fields } : {}) } },
});

/** Answers fetch from `routes` (an unknown route is a 404 in the server's shape); returns the calls made. */
export function serveApi(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://meridian.test");
    const method = (init.method ?? "GET").toUpperCase();
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = await (typeof route === "function" ? route(body, url) : (route ?? apiError(404, "not_found", "Not found.")));
    const status = answer.status ?? 200;
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

/** A signed-in session of `role` for GET /api/auth/get-session. */
/** The session answer as the server sends it (a customer's role is "user"). */
export const sessionOf = (role: "customer" | "admin" | "dispatcher" | "valet" | "chauffeur" = "customer", name = "Octavia Brandt") => ({
  session: { id: "s1", userId: "u1", expiresAt: "2099-01-01T00:00:00.000Z" },
  user: { id: "u1", name, email: "octavia@example.com", emailVerified: true, role: role === "customer" ? "user" : role, banned: false },
});

/** Renders `ui` inside the app's providers at `path` (other paths render their name, to see where a navigation went). */
export function renderApp(
  ui: ReactNode,
  {
    path = "/",
    routePath = "*",
    routes,
    seed,
  }: {
    path?: string;
    routePath?: string;
    /** The router's own table instead (for the route guards); `ui` then renders above it. */
    routes?: RouteObject[];
    /** Fills the query cache before the first render. */
    seed?: (client: QueryClient) => void;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed?.(queryClient);
  const elsewhere = { path: "*", element: <p data-testid="elsewhere">elsewhere</p> };
  const table = routes ?? (routePath === "*" ? [{ path: "*", element: ui }] : [{ path: routePath, element: ui }, elsewhere]);
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <UiStateProvider>
          <Toaster />
          {routes ? ui : null}
          <RouterProvider router={router} />
        </UiStateProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient, screen };
}

/**
 * Renders an open dialog (`ui`, its close handler a mock `onClose` the test gets back) with the API answering from
 * `routes` (signed out); `dialog`: queries within the dialog named `name`.
 */
export function renderDialog(name: string, ui: (onClose: (open?: boolean) => void) => ReactNode, routes: Routes = {}) {
  const onClose = vi.fn<(open?: boolean) => void>();
  const app = renderWithApi(ui(onClose), routes);
  return { ...app, onClose, dialog: within(app.screen.getByRole("dialog", { name })) };
}

/** Renders `ui` in the app's providers (renderApp's options), signed out, with the API answering from `routes`. */
export function renderWithApi(ui: ReactNode, routes: Routes = {}, options?: Parameters<typeof renderApp>[1]) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  return { ...renderApp(ui, options), calls };
}

/** Types `text` over what `input` holds (an empty `text` leaves it empty). */
export async function retype(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
  return input;
}

/** Where a test looks for fields and buttons: the screen, or within a dialog or form. */
type Scope = Pick<typeof screen, "findByLabelText" | "getByRole">;

/**
 * Types each value over what the field labelled with its key holds ("" empties it; waits for the field to be there),
 * then presses `submit` (a button's name).
 */
export async function fillAndSubmit(user: UserEvent, scope: Scope, fields: Record<string, string>, submit: string) {
  for (const [label, text] of Object.entries(fields)) await retype(user, await scope.findByLabelText(label), text);
  await user.click(scope.getByRole("button", { name: submit }));
}
