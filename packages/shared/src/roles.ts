// Who is who: the roles, their labels and where each lands. No schema library here (the home page imports it).

/**
 * One role set for the whole product, checked on the server for every route. "user" is a customer;
 * valet attendants, chauffeurs and dispatchers are staff; admins run the business.
 */
export const roles = ["user", "valet", "chauffeur", "dispatcher", "admin"] as const;
export type Role = (typeof roles)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: "Customer",
  valet: "Valet Attendant",
  chauffeur: "Chauffeur",
  dispatcher: "Dispatcher",
  admin: "Admin",
};

/** The staff roles: people who run the service (not customers, not admins). */
export const staffRoles = ["valet", "chauffeur", "dispatcher"] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

/** A stored role as one of ours; anything unknown (or missing) counts as a customer. */
export const asRole = (value: string | null | undefined): Role => (roles as readonly string[]).includes(value ?? "") ? (value as Role) : "user";

export const isStaffRole = (role: Role): role is StaffRole => (staffRoles as readonly Role[]).includes(role);

/** Roles that see every booking (the admin's realtime toasts, dispatch): the people at the desk. */
export const deskRoles = ["admin", "dispatcher"] as const satisfies readonly Role[];
export const isDeskRole = (role: Role) => (deskRoles as readonly Role[]).includes(role);

/** Where each kind of person lands after signing in: staff screens are their own mobile-first pages. */
export function homePathFor(role: Role): string {
  switch (role) {
    case "admin":
      return "/admin";
    case "dispatcher":
      return "/admin/dispatch";
    case "valet":
      return "/staff/valet";
    case "chauffeur":
      return "/staff/rides";
    default:
      return "/dashboard";
  }
}
