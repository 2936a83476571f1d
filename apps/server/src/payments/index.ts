// The payments module's front door (payments/): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { chargeInStatement } from "./charge-gate";
export { bookingCharge, bookingCharges, paymentErrorToHttp } from "./charges";
export { customerRefFor } from "./customers";
export { STALE_CLAIM_MS, holdSweepJob, holdSweepJobHandlers, scheduleHoldSweep, type SweepCall } from "./hold-sweep";
export { UNPAID_CANCEL_JOB, cancelPaymentJobs, movePaymentJobs, paymentJobHandlers, schedulePaymentJobs } from "./payment-jobs";
export {
  bookingsNeedingPayment,
  recordAuthorisation,
  recordFailedAuthorisation,
  releaseUnusedHold,
  savedCard,
  settleBookingNow,
} from "./payment-lifecycle";
export { mePaymentRoutes } from "./payment-lifecycle.routes";
export { paymentLinkToken, paymentLinkUrl } from "./payment-link";
export { paymentLinkRoutes } from "./payment-link.routes";
export { paymentsRoutes } from "./payments.routes";
export { createPaymentProvider } from "./payments.service";
export type { PaymentRecord } from "./payments.service";
export { receiptJobHandlers } from "./receipts";
export { meMoneyRoutes } from "./receipts.routes";
export { adminRefundRoutes } from "./refunds.routes";
