// New Booking (admin Bookings page): the desk books a ride or a valet service for a caller. The customer is found
// by name, e-mail or phone, or entered as a new customer (a name with a phone and/or an e-mail: the shared schema);
// the service is quoted by the customer's own booking forms (same rules and prices), without their card step; the
// customer pays through the secure link the server sends them.
import { zodResolver } from "@hookform/resolvers/zod";
import {
  CALLER_BOOKED_TITLE,
  CALLER_MESSAGES,
  callerBookedDescription,
  newCallerCustomerSchema,
  type CallerCustomer,
} from "@meridian/shared/caller-booking";
import { Check, Mail, Phone, UserPlus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field, Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { bookingDialogGuards, ServiceTabs, type Service } from "@/features/bookings/components/service-tabs";
import { isUnavailable } from "@/features/bookings/components/unavailable-times";
import type { BookForCaller, OnUnavailable } from "@/features/bookings/components/use-confirm-booking";
import { randomUuid } from "@/lib/random-uuid";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { useCreateCallerBooking } from "./api/create-caller-booking";
import { useCustomers } from "./api/search-customers";
import { formatPhone } from "@meridian/shared/phone";

type NewCustomerForm = { fullName: string; email: string; phone: string };
type NewCustomerValues = { fullName: string; email?: string; phone?: string };
const NEW_CUSTOMER_FIELDS = ["fullName", "email", "phone"] as const;

export function NewBookingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title="New Booking"
          description="Book a ride or valet service for a caller. They pay through a secure link we send them."
          className="max-w-2xl"
          {...bookingDialogGuards}
        >
          <NewBookingForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NewBookingForm({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<"find" | "new">("find");
  const [chosen, setChosen] = useState<CallerCustomer | null>(null);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [service, setService] = useState<Service>("ride");
  const [key] = useState(randomUuid);
  const mutation = useCreateCallerBooking();
  const searchRef = useRef<HTMLInputElement>(null);
  const customerForm = useForm<NewCustomerForm, unknown, NewCustomerValues>({
    resolver: zodResolver(newCallerCustomerSchema) as never,
    defaultValues: { fullName: "", email: "", phone: "" },
    mode: "onTouched",
  });
  const { errors } = customerForm.formState;

  const post = async (quote: { service: "ride" | "valet"; quoteId: string }, who: { customerId: string } | { newCustomer: NewCustomerValues }, onUnavailable?: OnUnavailable) => {
    try {
      const res = await mutation.mutateAsync({ input: { ...quote, ...who }, key });
      notifySuccess(CALLER_BOOKED_TITLE, callerBookedDescription(res.customer.fullName, res.paymentLink.sentBy));
      onDone();
    } catch (err) {
      // The time was sold meanwhile: the ride form shows the sentence and the nearest times, and quotes again.
      if (isUnavailable(err) && onUnavailable) return onUnavailable(err);
      if (err instanceof ApiError && err.fields) {
        for (const [k, m] of Object.entries(err.fields)) {
          const field = k.replace(/^newCustomer\./, "");
          if ((NEW_CUSTOMER_FIELDS as readonly string[]).includes(field)) customerForm.setError(field as (typeof NEW_CUSTOMER_FIELDS)[number], { message: m });
          else if (k === "customerId") setCustomerError(m);
        }
      }
      notifyError("Could not create the booking", err);
    }
  };

  const bookFor: BookForCaller = {
    label: "Book & Send Payment Link",
    submitting: mutation.isPending,
    submit: (quote, onUnavailable) => {
      if (mode === "find") {
        if (!chosen) {
          setCustomerError(CALLER_MESSAGES.customer);
          searchRef.current?.focus();
          return;
        }
        void post(quote, { customerId: chosen.id }, onUnavailable);
      } else {
        void customerForm.handleSubmit((values) => post(quote, { newCustomer: values }, onUnavailable))();
      }
    },
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="caller-heading" className="space-y-4">
        <h3 id="caller-heading" className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">
          1 · Customer
        </h3>
        <Tabs value={mode} onValueChange={(v) => (setMode(v as "find" | "new"), setCustomerError(null))}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="find">Find Customer</TabsTrigger>
            <TabsTrigger value="new">New Customer</TabsTrigger>
          </TabsList>
          <TabsContent value="find">
            <CustomerSearch
              inputRef={searchRef}
              chosen={chosen}
              onChoose={(c) => {
                setChosen(c);
                setCustomerError(null);
              }}
              error={customerError}
            />
          </TabsContent>
          <TabsContent value="new">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field label="Full name" htmlFor="caller-name" error={errors.fullName?.message}>
                  <Input id="caller-name" autoComplete="off" aria-invalid={Boolean(errors.fullName) || undefined} {...customerForm.register("fullName")} />
                </Field>
              </div>
              <Field label="Phone" htmlFor="caller-phone" error={errors.phone?.message}>
                <Input id="caller-phone" type="tel" inputMode="tel" autoComplete="off" placeholder="+1 310 555 0199" aria-invalid={Boolean(errors.phone) || undefined} {...customerForm.register("phone")} />
              </Field>
              <Field label="Email" htmlFor="caller-email" error={errors.email?.message}>
                <Input id="caller-email" type="email" autoComplete="off" aria-invalid={Boolean(errors.email) || undefined} {...customerForm.register("email")} />
              </Field>
            </div>
            <p className="mt-3 text-xs text-muted">A phone number, an e-mail or both: the payment link goes to each.</p>
          </TabsContent>
        </Tabs>
      </section>

      <section aria-labelledby="service-heading" className="space-y-4">
        <h3 id="service-heading" className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">
          2 · Service and quote
        </h3>
        <ServiceTabs chosen={service} onChoose={setService} idempotencyKey={key} renewIdempotencyKey={() => undefined} onConfirmed={() => undefined} bookFor={bookFor} />
      </section>
    </div>
  );
}

function CustomerSearch({
  inputRef,
  chosen,
  onChoose,
  error,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  chosen: CallerCustomer | null;
  onChoose: (c: CallerCustomer) => void;
  error: string | null;
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(id);
  }, [text]);
  const customers = useCustomers(q);
  const listId = useId();
  const errorId = useId();
  const results = q.length >= 2 ? (customers.data ?? []) : [];

  return (
    <div className="space-y-3">
      <Label htmlFor="caller-search">Name, e-mail or phone</Label>
      <Input
        ref={inputRef}
        id="caller-search"
        type="search"
        autoComplete="off"
        placeholder="e.g. Grace, grace@… or 310 555…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
        aria-controls={listId}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div id={listId} role="radiogroup" aria-label="Customers found" className="space-y-2">
        {customers.isFetching && q.length >= 2 ? <Spinner label="Searching" /> : null}
        {q.length >= 2 && !customers.isFetching && results.length === 0 ? (
          <p className="text-sm text-muted">
            No customer matches. <UserPlus className="inline size-4 text-gold" aria-hidden /> Use New Customer to add them.
          </p>
        ) : null}
        {results.map((c) => {
          const selected = chosen?.id === c.id;
          return (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(c)}
              className={cn(
                "flex min-h-12 w-full cursor-pointer items-center justify-between gap-3 rounded-md border px-4 py-2.5 text-left transition-colors",
                selected ? "border-gold bg-gold/10" : "border-border bg-surface-2 hover:border-gold/50",
              )}
            >
              <span className="min-w-0">
                <span className="block font-medium text-foreground">{c.fullName}</span>
                <span className="flex flex-wrap gap-x-4 text-xs text-muted">
                  {c.email ? (
                    <span className="inline-flex items-center gap-1">
                      <Mail className="size-3" aria-hidden /> {c.email}
                    </span>
                  ) : null}
                  {c.phone ? (
                    <span className="inline-flex items-center gap-1">
                      <Phone className="size-3" aria-hidden /> {formatPhone(c.phone)}
                    </span>
                  ) : null}
                </span>
              </span>
              {selected ? <Check className="size-5 shrink-0 text-gold" aria-hidden /> : null}
            </button>
          );
        })}
      </div>
      {chosen && !results.some((c) => c.id === chosen.id) ? (
        <p className="text-sm text-foreground" data-testid="caller-chosen">
          Booking for <span className="font-medium">{chosen.fullName}</span>
        </p>
      ) : null}
    </div>
  );
}
