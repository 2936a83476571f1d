/** The body of every failed API call. */
export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; paymentIntent?: { id: string; clientSecret: string | null } } };
