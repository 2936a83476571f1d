// Every script a customer types, printed as typed in the receipt PDF (issue 27 point 11). PDF's standard fonts
// print Windows-1252 only (anything else became "?"), so the PDF embeds Noto fonts from npm font packages,
// chosen per run of text by script; pdfkit embeds only the glyphs a receipt uses (a subset), so a receipt with
// a Chinese name grows by a few kilobytes, not by the 8 MB font.
//   Latin (with Latin Extended and Vietnamese), Greek, Cyrillic: Noto Sans (@embedpdf/fonts-latin)
//   Hebrew: Noto Sans Hebrew; Arabic: Noto Naskh Arabic (@embedpdf/fonts-hebrew, -arabic)
//   Armenian: Noto Sans Armenian (@fontsource/noto-sans-armenian, WOFF)
//   Chinese and Japanese (Han, kana, CJK punctuation): Noto Sans CJK SC "Hans" (@embedpdf/fonts-sc, one file)
//   Korean (Hangul): Noto Sans KR (@embedpdf/fonts-kr)
// Right-to-left runs (Hebrew, Arabic) are shaped and ordered by fontkit's layout (pdfkit's engine).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type PdfFontKey = "latin" | "hebrew" | "arabic" | "armenian" | "cjk" | "hangul";
export type PdfWeight = "regular" | "bold";

const requireFrom = createRequire(import.meta.url);

/** The folder of an installed package (its entry resolved, then up to its package.json). */
function packageDir(name: string): string {
  let dir = path.dirname(requireFrom.resolve(name));
  while (!fs.existsSync(path.join(dir, "package.json")) || JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Font package ${name} not found`);
    dir = up;
  }
  return dir;
}

const FILES: Record<PdfFontKey, [pkg: string, regular: string, bold: string]> = {
  latin: ["@embedpdf/fonts-latin", "fonts/NotoSans-Regular.ttf", "fonts/NotoSans-Bold.ttf"],
  hebrew: ["@embedpdf/fonts-hebrew", "fonts/NotoSansHebrew-Regular.ttf", "fonts/NotoSansHebrew-Bold.ttf"],
  arabic: ["@embedpdf/fonts-arabic", "fonts/NotoNaskhArabic-Regular.ttf", "fonts/NotoNaskhArabic-Bold.ttf"],
  armenian: ["@fontsource/noto-sans-armenian", "files/noto-sans-armenian-armenian-400-normal.woff", "files/noto-sans-armenian-armenian-700-normal.woff"],
  // One CJK file for both weights: a bold CJK face would double what a receipt may load for a name.
  cjk: ["@embedpdf/fonts-sc", "fonts/NotoSansHans-Regular.otf", "fonts/NotoSansHans-Regular.otf"],
  hangul: ["@embedpdf/fonts-kr", "fonts/NotoSansKR-Regular.otf", "fonts/NotoSansKR-Regular.otf"],
};

const loaded = new Map<string, Buffer>();
/** The font file's bytes, read once per process (on first use: a receipt in Latin never reads the CJK file). */
export function pdfFontBytes(key: PdfFontKey, weight: PdfWeight): Buffer {
  const [pkg, regular, bold] = FILES[key];
  const file = path.join(packageDir(pkg), weight === "bold" ? bold : regular);
  let bytes = loaded.get(file);
  if (!bytes) loaded.set(file, (bytes = fs.readFileSync(file)));
  return bytes;
}

const SCRIPT: [RegExp, PdfFontKey][] = [
  [/\p{Script=Hangul}/u, "hangul"],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u, "cjk"],
  [/\p{Script=Hebrew}/u, "hebrew"],
  [/\p{Script=Arabic}/u, "arabic"],
  [/\p{Script=Armenian}/u, "armenian"],
];
/** Spaces and combining marks stay in the run they are in (a two-word Hebrew name is one right-to-left run). */
const JOINS_RUN = /[\s\p{M}\u200c\u200d]/u;

/** The text cut into runs, each with the font of its script (everything else: Noto Sans). */
export function fontRuns(text: string): { font: PdfFontKey; text: string }[] {
  const runs: { font: PdfFontKey; text: string }[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    if (last && JOINS_RUN.test(ch)) {
      last.text += ch;
      continue;
    }
    const font = SCRIPT.find(([re]) => re.test(ch))?.[1] ?? "latin";
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  // A run's trailing spaces go to the next run, so a right-to-left run does not start (visually) with a gap.
  for (let i = 0; i < runs.length - 1; i++) {
    const trailing = runs[i]!.text.match(/\s+$/u)?.[0];
    if (trailing && runs[i]!.text.length > trailing.length) {
      runs[i]!.text = runs[i]!.text.slice(0, -trailing.length);
      runs[i + 1]!.text = trailing + runs[i + 1]!.text;
    }
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

/** Registers the font of `key` (a name and the bytes: cheap to repeat) and returns its name for doc.font(). */
function useFont(doc: Doc, key: PdfFontKey, weight: PdfWeight): string {
  const name = `meridian-${key}-${weight}`;
  doc.registerFont(name, pdfFontBytes(key, weight));
  return name;
}

/**
 * Writes `text` at (x, y) like doc.text, each script in its font. Without x and y it continues where the
 * last text ended.
 */
export function writeText(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}, weight: PdfWeight = "regular"): void {
  const runs = fontRuns(text);
  if (!runs.length) runs.push({ font: "latin", text: "" });
  runs.forEach((run, i) => {
    doc.font(useFont(doc, run.font, weight));
    const opts = { ...options, continued: i < runs.length - 1 };
    if (i === 0) doc.text(run.text, x, y, opts);
    else doc.text(run.text, opts);
  });
}
