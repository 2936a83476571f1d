// Usage: node scripts/screenshot.mjs <url> <out.png> [width=1440] [height=900] [--full]
// Takes a screenshot in headless Debian Chromium, to look at what a page shows.
import { chromium } from "@playwright/test";

const [url, out, width = "1440", height = "900"] = process.argv.slice(2);
if (!url || !out) {
  console.log("usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [--full]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: process.argv.includes("--full") });
await browser.close();
console.log(`saved ${out}`);
