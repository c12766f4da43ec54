// Takes screenshots of pages for a person to look at: node scripts/screenshot.mjs URL OUT.png [width] [theme]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';

const [url, out, width = '1440', theme] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const messages = [];
page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
if (theme) await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
for (const message of messages) console.log(message);
await browser.close();
