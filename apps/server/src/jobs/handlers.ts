// Every kind of durable job the server runs, by kind: what the runner in main.ts (and the development tools) use.
import { DEMO_SHIFTS_JOB, demoShiftsHandler } from "../seed/seed";
import type { Deps } from "../lib/context";
import { flightJobHandlers } from "../flights/follow";
import { holdSweepJobHandlers, paymentJobHandlers, receiptJobHandlers } from "../payments";
import { OVERDUE_SWEEP_JOB, overdueSweepHandler } from "../rides/overdue";
import { jobHandlers } from "../rides/ride-notices";
import type { JobHandlers } from "./job-runner";

export const allJobHandlers = (deps: Deps): JobHandlers => ({
  ...jobHandlers(deps),
  ...paymentJobHandlers(deps),
  ...holdSweepJobHandlers(deps),
  ...receiptJobHandlers(deps),
  ...flightJobHandlers(deps),
  [OVERDUE_SWEEP_JOB]: overdueSweepHandler({ mailer: deps.mailer, publicUrl: deps.config.publicUrl }),
  [DEMO_SHIFTS_JOB]: demoShiftsHandler({ seedDemo: Boolean(deps.config.env.SEED_DEMO) }),
});
