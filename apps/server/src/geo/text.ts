// Text normalisation shared by the gazetteer index and queries: case and accents do not matter,
// punctuation separates words ("Crypto.com" -> "crypto com", "Bel-Air" -> "bel air").
export function normalise(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export const words = (s: string): string[] => (s ? s.split(" ") : []);
