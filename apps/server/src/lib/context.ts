// The per-app dependencies and per-request variables every route sees.
import type { Auth, SessionUser } from "./auth-port";
import type { AvailabilityPort } from "./availability-port";
import type { Database } from "../db/client";
import type { GeoService } from "../geo/geo.service";
import type { EventBus } from "../realtime/bus";
import type { FlightProvider } from "./flight-provider";
import type { AppConfig } from "../env";
import type { Mailer } from "../mail/mailer";
import type { PaymentProvider } from "./payment-provider";
import type { QuoteCounter } from "./quote-counter-port";
import type { Lifecycle } from "./lifecycle";
import type { Logger } from "./logger";
import type { SmsSender } from "../sms/sms";
import type { PhotoStore } from "./photo-store";
import type { Metrics } from "./metrics";

export type Deps = {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  geo: GeoService;
  bus: EventBus;
  payments: PaymentProvider;
  /** Flight status for airport pickups (FLIGHT_PROVIDER). */
  flights: FlightProvider;
  sms: SmsSender;
  photos: PhotoStore;
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** Answered quotes per day and service, counted in memory and written every few seconds (the funnel's top). */
  quoteCounts: QuoteCounter;
  /** Whether a ride can be served (chauffeurs on shift, cars, operating hours, blackout dates) before it is sold. */
  availability: AvailabilityPort;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    clientIp: string;
    sessionUser: SessionUser | null | undefined;
    /** The signed-in caller that the route's access check (route({ access }), lib/openapi.ts) let in; unset on public routes. */
    actor: SessionUser;
  };
};
