// Readable ticket codes such as MRD-7KQ4-X2PT: no 0/O, 1/I/L, so they survive being read aloud.
import crypto from "node:crypto";

export const TICKET_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const TICKET_CODE_PATTERN = /^MRD-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export function newTicketCode(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += TICKET_ALPHABET[crypto.randomInt(TICKET_ALPHABET.length)];
  return `MRD-${s.slice(0, 4)}-${s.slice(4)}`;
}
