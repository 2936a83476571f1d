// One e-mail field for every input: trimmed (lower-cased where the address is a key Meridian looks up), at most
// 254 characters, then checked as an address. The document says `format: email` for the text a client sends (the
// check runs after the trim, so zod's own JSON Schema of the input side would say only "a string").
import { z } from "zod";

export const EMAIL_MESSAGE = "Invalid email address";

export const emailSchema = ({ lowercase = false }: { lowercase?: boolean } = {}) => {
  const text = z.string({ error: EMAIL_MESSAGE }).trim();
  return (lowercase ? text.toLowerCase() : text).max(254, EMAIL_MESSAGE).meta({ format: "email" }).pipe(z.email(EMAIL_MESSAGE));
};
