import { chromium } from "@playwright/test";
const [url, out, w, h, click] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
await p.goto(url, { waitUntil: "networkidle" });
if (click) { const l = p.locator(click).first(); await l.scrollIntoViewIfNeeded(); await l.click(); await p.waitForTimeout(300); }
const target = process.argv[7];
if (target) await p.locator(target).first().screenshot({ path: out }); else await p.screenshot({ path: out, fullPage: true });
await b.close();
