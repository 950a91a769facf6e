// Browser checks of the web table, through its data- attributes alone.
//
//   node table.mjs URL play KIND SHOTS   play a whole patience by clicks
//   node table.mjs URL live              two pages: one sees the other's move
//   node table.mjs URL watch             prints "ready", then waits for a change
//
// Chromium comes from the system (CHROMIUM, default /usr/bin/chromium).
import { chromium } from "playwright-core";

const [url, scenario, kind, shots] = process.argv.slice(2);
const PHONE = { width: 400, height: 860 };

// The same clicks every run: a small seeded generator picks among the moves.
let seed = 12345;
function below(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

function fail(message) {
  console.error(message);
  process.exitCode = 1;
}

async function open(user, channel) {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto(`${url}/?user=${user}&channel=${channel}`);
  await page.waitForSelector("[data-new]");
  return page;
}

const board = (page) => page.locator("[data-board]");
const version = (page) => board(page).getAttribute("data-version");

async function changed(page, before, timeout = 5000) {
  await page.waitForFunction(
    (v) => {
      const b = document.querySelector("[data-board]");
      return b && b.dataset.version !== v;
    },
    before,
    { timeout },
  );
}

// One click-step of a patience: a move (source, target, maybe a choice),
// else a deal. Returns false when neither is open.
async function step(page) {
  const before = await version(page);
  const sources = page.locator("[data-region][data-source]");
  if ((await sources.count()) > 0) {
    const n = await sources.count();
    await sources.nth(below(n)).click();
    const targets = page.locator("[data-region][data-target]");
    await targets.first().waitFor();
    await targets.nth(below(await targets.count())).click();
    const choice = page.locator("[data-choice]");
    if (await choice.first().isVisible().catch(() => false)) await choice.first().click();
  } else if ((await page.locator('[data-action="deal"]').count()) > 0) {
    await page.locator('[data-action="deal"]').click();
  } else {
    return false;
  }
  await changed(page, before);
  return true;
}

async function play() {
  const page = await open("alice", `c-${kind}`);
  await page.locator(`[data-new="${kind}"]`).click();
  await page.waitForSelector(`[data-board][data-kind="${kind}"]`);
  if (shots) await page.screenshot({ path: `${shots}/${kind}-start.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (overflow) fail(`${kind}: the page scrolls sideways at 400 px`);
  let moves = 0;
  while ((await board(page).getAttribute("data-status")) !== "finished" && moves < 60) {
    if (!(await step(page))) break;
    moves += 1;
  }
  if (shots) await page.screenshot({ path: `${shots}/${kind}-played.png`, fullPage: true });
  if ((await board(page).getAttribute("data-status")) !== "finished") {
    const before = await version(page);
    await page.locator('[data-action="end"]').click();
    await page.locator('[data-action="endok"]').click();
    await changed(page, before);
  }
  const status = await board(page).getAttribute("data-status");
  if (status !== "finished") fail(`${kind}: the game did not end (${status})`);
  if (shots) await page.screenshot({ path: `${shots}/${kind}-over.png`, fullPage: true });
  console.log(`${kind}: ${moves} steps, ${status}`);
}

async function live() {
  const a = await open("carol", "c-live");
  const b = await open("carol", "c-live");
  await a.locator('[data-new="anthill"]').click();
  await b.waitForSelector('[data-board][data-kind="anthill"]', { timeout: 3000 });
  const before = await version(b);
  const started = Date.now();
  await step(a);
  await changed(b, before, 2000);
  const seen = Date.now() - started;
  if ((await version(a)) !== (await version(b))) fail("the second page shows another version");
  console.log(`live: the second page saw the move after ${seen} ms`);
}

async function watch() {
  const page = await open("alice", "c-watch");
  await page.waitForSelector("[data-board]");
  const before = await version(page);
  console.log(`ready ${before}`);
  await changed(page, before, 10000);
  console.log(`changed ${await version(page)}`);
}

try {
  if (scenario === "play") await play();
  else if (scenario === "live") await live();
  else if (scenario === "watch") await watch();
  else fail(`unknown scenario ${scenario}`);
} catch (error) {
  fail(String(error));
} finally {
  await browser.close();
}
