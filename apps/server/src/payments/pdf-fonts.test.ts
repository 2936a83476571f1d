// Every customer's name in every script (issue 27 point 11): the receipt PDF prints names and addresses as
// typed, never "?", in embedded (subset) Noto fonts picked per run of text by script; the PDF's text read back
// by pdf.js (unpdf) is the name exactly.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { Receipt } from "@meridian/shared/receipts";
import { fontRuns } from "./pdf-fonts";
import { receiptPdf } from "./receipts";
import { testReceipt } from "../test/receipt";

const receipt = (description: string): Receipt => testReceipt({ description });

async function pdfLines(bytes: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.split("\n").map((l) => l.trim());
}

const NAMES: [string, string, string][] = [
  ["Latin Extended", "Łukasz Żółć-Nguyễn", "Rynek Główny 1, Kraków"],
  ["Greek", "Αλέξανδρος Παπαδόπουλος", "Οδός Ερμού 12, Αθήνα"],
  ["Cyrillic", "Дмитрий Иванов", "ул. Тверская, 7, Москва"],
  ["Armenian", "Արամ Խաչատրյան", "Աբովյան փողոց 5, Երևան"],
  ["Hebrew", "דוד לוי", "רחוב הרצל 10 תל אביב"],
  ["Arabic", "محمد علي", "شارع الملك فهد الرياض"],
  ["Chinese", "张伟", "北京市朝阳区建国路88号"],
  ["Japanese", "山田太郎 さくら", "東京都渋谷区神南1丁目"],
  ["Korean", "김민준", "서울특별시 강남구 테헤란로 152"],
];

describe("the receipt PDF in every script", () => {
  it.each(NAMES)("%s: the name and the address come back exactly, never '?'", async (_script, name, address) => {
    const pdf = await receiptPdf(receipt(`${address} → LAX`), { name, email: "guest@example.com" });
    const lines = await pdfLines(pdf);
    expect(lines.join("\n").replace("Questions about this receipt?", "")).not.toContain("?");
    if (/\p{Script=Hebrew}|\p{Script=Arabic}/u.test(name)) {
      // Right to left: pdf.js reads a line's words back in their visual order, without the space between them;
      // each word comes back exactly as typed (Arabic unshaped: the letters, not their joined forms).
      const nameLine = lines.find((l) => l.endsWith("· guest@example.com"))!;
      for (const word of name.split(" ")) expect(nameLine).toContain(word);
      const serviceLine = lines.find((l) => l.startsWith("SERVICE"))!;
      for (const word of address.split(" ")) expect(serviceLine).toContain(word);
    } else {
      expect(lines).toContain(`${name} · guest@example.com`);
      expect(lines).toContain(`SERVICE Chauffeured Ride: ${address} to LAX`);
    }
    expect(lines.join(" ")).toContain("Total charged $1,685.00");
  });

  it("embeds only the glyphs it uses: a CJK name adds kilobytes, not the 8 MB font", async () => {
    const latin = await receiptPdf(receipt("LAX → Hotel Bel-Air"), { name: "Ava Sterling", email: "a@example.com" });
    const cjk = await receiptPdf(receipt("LAX → Hotel Bel-Air"), { name: "山田太郎 张伟 김민준", email: "a@example.com" });
    expect(cjk.length - latin.length).toBeLessThan(200_000);
    expect(latin.length).toBeLessThan(300_000);
  });
});

describe("fontRuns", () => {
  it("cuts text by script, spaces staying inside a run", () => {
    expect(fontRuns("Ava 山田太郎 · דוד לוי (김민준)")).toEqual([
      { font: "latin", text: "Ava" },
      { font: "cjk", text: " 山田太郎" },
      { font: "latin", text: " ·" },
      { font: "hebrew", text: " דוד לוי" },
      { font: "latin", text: " (" },
      { font: "hangul", text: "김민준" },
      { font: "latin", text: ")" },
    ]);
  });
});
