// Small words written once: the article before a name ("an Executive Sedan", "a Luxury SUV", "an Admin").

/** Words starting with a vowel letter that sound like "you" or "one" (a Unicorn, a one-way trip). */
const CONSONANT_SOUND = /^(uni|use|usu|uti|ure|eu|one|once)/i;
/** Words starting with a consonant letter read with a vowel sound (an hour, an honest...). */
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;
/** Letters whose name starts with a vowel sound, for an abbreviation read letter by letter (an SUV, an MPV, a VIP). */
const VOWEL_LETTER = /^[AEFHILMNORSX]/;

/** "a" or "an" for the word that follows. */
export function articleFor(word: string): "a" | "an" {
  const w = word.trim();
  if (!w) return "a";
  const first = w.split(/\s/)[0]!;
  if (first.length > 1 && /^[A-Z0-9]+$/.test(first)) return VOWEL_LETTER.test(first) ? "an" : "a";
  if (CONSONANT_SOUND.test(w)) return "a";
  if (VOWEL_SOUND.test(w)) return "an";
  return /^[aeiou]/i.test(w) ? "an" : "a";
}

/** The word with its article: withArticle("Executive Sedan") = "an Executive Sedan". */
export const withArticle = (word: string) => `${articleFor(word)} ${word.trim()}`;
