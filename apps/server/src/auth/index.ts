// The auth module's front door (auth/, admin/core/users.service.ts): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { createUserByAdmin, searchUsers, toAdminUser, updateUser } from "../admin/core/users.service";
export { CLIENT_IP_HEADER, createAuth } from "./auth";
export type { Auth, AuthOptions, SessionUser } from "./auth";
export { clientIpOf } from "./client-ip";
export { authBodies, authGetPaths, authPageGetPaths, guardAuthRequest } from "./guard";
export { FAILURE_MEMORY_MS, signInWithLockout } from "./lockout";
