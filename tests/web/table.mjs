// Browser checks of the web table, through its data- attributes alone.
//
//   node table.mjs URL play KIND SHOTS   play a whole patience by clicks
//   node table.mjs URL live              two pages: one sees the other's move
//   node table.mjs URL watch             prints "ready", then waits for a change
//   node table.mjs URL army SHOTS        two players: a whole Army Ants game
//   node table.mjs URL atta SHOTS        two players: a whole Atta Ants game
//   node table.mjs URL deploy SHOTS      private deployments placed by clicks
//   node table.mjs URL zoom SHOTS        an Atta Ants map grown past a phone's width
//   node table.mjs URL event SHOTS       a patience event joined and played from its standings
//   node table.mjs URL options SHOTS     a new game's options: level, closed deal, seed
//
// Chromium comes from the system (CHROMIUM, default /usr/bin/chromium).
import { launch } from "./chromium.mjs";

const [url, scenario, ...rest] = process.argv.slice(2);
const [kind, shots] = scenario === "play" ? rest : [undefined, rest[0]];
const PHONE = { width: 400, height: 860 };

// The same clicks every run: a small seeded generator picks among the moves.
let seed = 12345;
function below(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

const browser = await launch();

function fail(message) {
  console.error(message);
  process.exitCode = 1;
}

async function open(user, channel) {
  const page = await browser.newPage({ viewport: PHONE });
  // A whole game shows no error in the console (a missing icon, a refused
  // script, an exception).
  page.on("console", (message) => {
    if (message.type() === "error") fail(`console error at ${user}'s page: ${message.text()}`);
  });
  page.on("pageerror", (error) => fail(`page error at ${user}'s page: ${error.message}`));
  await page.goto(`${url}/?user=${user}&channel=${channel}`);
  await page.waitForSelector("[data-new]");
  return page;
}

const board = (page) => page.locator("[data-board]");
const version = (page) => board(page).getAttribute("data-version");

async function changed(page, before, timeout = 20000) {
  try {
    await page.waitForFunction(
      (v) => {
        const b = document.querySelector("[data-board]");
        return b && b.dataset.version !== v;
      },
      before,
      { timeout },
    );
  } catch (error) {
    const said = await page.locator("#message").textContent();
    throw new Error(`the board stayed at version ${before}: "${said}"`);
  }
}

// When the page asks "Which move?", each choice says what it does in
// words, then its notation; the first is taken.
async function choose(page) {
  const choice = page.locator("[data-choice]");
  if (!(await choice.first().isVisible().catch(() => false))) return;
  const read = await choice.evaluateAll((buttons) => buttons.map((b) => [b.dataset.choice, b.textContent]));
  for (const [action, text] of read) {
    if (!text.endsWith(` · ${action}`) || text.length <= action.length + 3) fail(`the choice ${action} reads "${text}"`);
  }
  await choice.first().click();
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
    await choose(page);
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
  await b.waitForSelector('[data-board][data-kind="anthill"]', { timeout: 20000 });
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

// The page of the player to move, among `pages` (by user name).
async function mover(pages) {
  const user = await board(pages.alice ?? Object.values(pages)[0]).getAttribute("data-to-move");
  return user ? pages[user] : null;
}

// Every page shows the version `page` shows, once the live stream has
// carried it.
async function agree(pages, page) {
  const v = await version(page);
  for (const other of Object.values(pages)) {
    if (other === page) continue;
    await other.waitForFunction(
      (want) => document.querySelector("[data-board]")?.dataset.version === want,
      v,
      { timeout: 20000 },
    );
  }
}

// A whole game of two by clicks: moves on the regions, one-step actions
// (`end`) now and then; `giveUp` ends it after `limit` actions.
async function duel(name, pages, limit, giveUp) {
  const pageList = Object.values(pages);
  let actions = 0;
  while ((await board(pageList[0]).getAttribute("data-status")) === "active" && actions < limit) {
    const page = await mover(pages);
    if (!page) break;
    const before = await version(page);
    const end = page.locator('[data-action="end"]');
    const canEnd = (await end.count()) > 0;
    if (canEnd && below(3) === 0) await end.click();
    else if (!(await step(page))) {
      if (!canEnd) break;
      await end.click();
    }
    await changed(page, before).catch(() => {});
    await agree(pages, page);
    actions += 1;
  }
  if (shots) await pageList[0].screenshot({ path: `${shots}/${name}-played.png`, fullPage: true });
  if ((await board(pageList[0]).getAttribute("data-status")) !== "finished") await giveUp();
  for (const page of pageList) {
    await page
      .waitForSelector('[data-board][data-status="finished"]', { timeout: 20000 })
      .catch(() => fail(`${name}: a page does not show the game finished`));
  }
  if (shots) await pageList[1].screenshot({ path: `${shots}/${name}-over.png`, fullPage: true });
  console.log(`${name}: ${actions} actions, finished`);
}

async function army() {
  const pages = { alice: await open("alice", "c-army"), bob: await open("bob", "c-army") };
  const stranger = await open("carol", "c-army");
  await pages.alice.locator('[data-new="army-ants"]').click();
  await pages.bob.waitForSelector('[data-board][data-kind="army-ants"][data-status="pending"]');
  if (shots) await pages.bob.screenshot({ path: `${shots}/army-ants-challenge.png`, fullPage: true });
  await pages.bob.locator('[data-action="accept"]').click();
  await pages.alice.waitForSelector('[data-board][data-kind="army-ants"][data-status="active"]');
  await agree(pages, pages.alice);
  if (shots) await pages.alice.screenshot({ path: `${shots}/army-ants-start.png`, fullPage: true });
  if (shots) await pages.bob.screenshot({ path: `${shots}/army-ants-other-side.png`, fullPage: true });
  // Each player sees their own army at the bottom: Red's row 1, Black's 8
  // (once the board is laid out).
  const under = (page, low, high) =>
    page
      .waitForFunction(
        ([low, high]) => {
          const top = (square) => document.querySelector(`[data-region="${square}"]`)?.getBoundingClientRect().top;
          return top(low) > top(high);
        },
        [low, high],
        { timeout: 5000 },
      )
      .then(() => true, () => false);
  for (const [user, page] of Object.entries(pages)) {
    // The colours are dealt at random; the board's alt text names them.
    const alt = await page.locator("[data-board] img").first().getAttribute("alt");
    const [low, high] = alt.includes(`Red (${user})`) ? ["a1", "a8"] : ["a8", "a1"];
    if (!(await under(page, low, high))) fail(`${user}'s row ${low[1]} is not at the bottom of their page`);
  }
  // The stranger sees the board but no move of theirs, and is refused.
  await stranger.waitForSelector('[data-board][data-status="active"]');
  if ((await stranger.locator("[data-region][data-source]").count()) > 0) fail("a stranger is offered moves");
  const before = await version(stranger);
  await stranger.locator('[data-action="resign"]').click();
  await stranger.waitForSelector("#message.refused");
  if ((await version(stranger)) !== before) fail("a stranger's click changed the game");
  await duel("army-ants", pages, 80, async () => {
    const page = await mover(pages);
    const at = await version(page);
    await page.locator('[data-action="resign"]').click();
    await changed(page, at);
  });
}

async function atta() {
  const pages = { carol: await open("carol", "c-atta"), dave: await open("dave", "c-atta") };
  await pages.carol.locator('[data-new="atta-ants"]').click();
  await pages.dave.waitForSelector('[data-board][data-kind="atta-ants"][data-status="pending"]');
  const lobby = await version(pages.dave);
  await pages.dave.locator('[data-action="join"]').click();
  await changed(pages.dave, lobby);
  await agree(pages, pages.dave);
  await pages.carol.locator('[data-action="start"]').click();
  await pages.dave.waitForSelector('[data-board][data-kind="atta-ants"][data-status="active"]');
  // Every page has the started game before play reads whose move it is (a
  // loaded machine may carry it to the host's page a moment later).
  await agree(pages, pages.dave);
  if (shots) await pages.dave.screenshot({ path: `${shots}/atta-ants-start.png`, fullPage: true });
  await duel("atta-ants", pages, 600, async () => fail("atta-ants: the game did not end by play"));
}

// Places the page's hand on its marked squares: each card of the hand,
// then a free square, or (`atRandom`) the rest at random; then confirms
// (unless `confirm` is false).
async function placeHand(page, atRandom, confirm = true) {
  await page.locator(".hand [data-region]").first().waitFor();
  if (atRandom) {
    await page.locator('[data-action="random"]').click();
  } else {
    while ((await page.locator(".hand [data-region]").count()) > 0) {
      await page.locator(".hand [data-region]").first().click();
      await page.locator("[data-region][data-slot]:not(.placed)").first().click();
    }
  }
  const free = await page.locator("[data-region][data-slot]:not(.placed)").count();
  if (free > 0) fail(`${free} marked squares are still free`);
  if (!confirm) return;
  const before = await version(page);
  await page.locator('[data-action="deploy"]').click();
  await changed(page, before);
}

// The page shows `count` squares to place its hand on.
async function markedSquares(name, page, count) {
  const marked = await page.locator("[data-region][data-slot]").count();
  if (marked !== count) fail(`${name}: ${marked} marked squares, not ${count}`);
}

// Alice challenges Bob with armies placed row by row: each row is placed
// on the board by clicks (Bob's second and fourth at random), and the
// battle starts once both armies are down. Then Erin places a whole army
// against the computer at once.
async function deploy() {
  const pages = { alice: await open("alice", "c-deploy"), bob: await open("bob", "c-deploy") };
  await pages.alice.locator('[data-options="army-ants"] summary').click();
  await pages.alice.locator("#army-ants-deployment").selectOption("minor");
  await pages.alice.locator('[data-new="army-ants"]').click();
  await pages.bob.waitForSelector('[data-board][data-status="pending"]');
  await pages.bob.locator('[data-action="accept"]').click();
  for (const page of Object.values(pages)) await page.waitForSelector('[data-board][data-status="deploying"]');
  for (let row = 0; row < 3; row++) {
    for (const [name, page] of Object.entries(pages)) {
      await page.locator(".hand [data-region]").first().waitFor();
      await markedSquares(name, page, 5);
      await placeHand(page, name === "bob" && row % 2 === 1);
      // Both pages see that row before the other player places theirs, as
      // two players would: a click on a board the other's move has already
      // changed is refused as moved on.
      const now = Number(await version(page));
      for (const other of Object.values(pages)) {
        await other.waitForFunction((v) => Number(document.querySelector("[data-board]")?.dataset.version) >= v, now);
      }
      if (row === 1 && name === "alice" && shots) {
        await pages.bob.locator(".hand [data-region]").first().click();
        await pages.bob.locator("[data-region][data-slot]").nth(2).click();
        await pages.bob.locator(".hand [data-region]").first().click();
        await pages.bob.screenshot({ path: `${shots}/army-ants-deploying.png`, fullPage: true });
        await pages.bob.locator('[data-action="clear"]').click();
      }
    }
  }
  // The last row: Bob confirms on a board that has not yet heard of
  // Alice's row (his page's fetches are held meanwhile). The server refuses
  // it as moved on, and the page sends his row again on the new board.
  for (const [name, page] of Object.entries(pages)) {
    await page.locator(".hand [data-region]").first().waitFor();
    await markedSquares(name, page, 4);
  }
  await placeHand(pages.bob, false, false);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await pages.bob.route("**/api/table*", async (route) => {
    await held;
    await route.continue();
  });
  // Once released, the route lets every fetch through as it comes.
  const stale = await version(pages.bob);
  await placeHand(pages.alice, false);
  const answered = pages.bob.waitForResponse((r) => r.url().includes("/api/act"));
  await pages.bob.locator('[data-action="deploy"]').click();
  const refusal = await (await answered).json();
  if (refusal.ok || refusal.error !== "conflict") fail(`Bob's row on board ${stale} was not refused as moved on`);
  release();
  for (const page of Object.values(pages)) await page.waitForSelector('[data-board][data-status="active"]');
  if ((await pages.alice.locator(".hand").count()) > 0) fail("a hand is still shown in battle");
  if (shots) await pages.alice.screenshot({ path: `${shots}/army-ants-deployed.png`, fullPage: true });
  console.log("minor: both armies placed by clicks, the battle is on");

  const erin = await open("erin", "c-total");
  await erin.locator('[data-options="army-ants"] summary').click();
  await erin.locator("#army-ants-opponent").fill("antics");
  await erin.locator("#army-ants-level").selectOption("hard");
  await erin.locator("#army-ants-deployment").selectOption("total");
  await erin.locator('[data-new="army-ants"]').click();
  await erin.waitForSelector('[data-board][data-status="deploying"]');
  const marked = await erin.locator("[data-region][data-slot]").count();
  if (marked !== 19) fail(`total: ${marked} marked squares`);
  await placeHand(erin, true);
  await erin.waitForSelector('[data-board][data-status="active"]');
  console.log("total: placed at random against the computer, the battle is on");
}

// Carol and Dave, whose Atta Ants game is already started (on a deal with
// its spiders last), grow the map eastwards: each drawn card on the free
// square furthest east, until its cards are drawn under 44 px at 400 px
// wide; the board then zooms to a tapped card, to a finger's size,
// without the page scrolling sideways.
// A new game's options as its command has them: what only makes sense
// with another choice is disabled until then (a closed deal with major or
// queen, the computer's level with the computer named); a seed gives the
// same deal as the same seed typed.
async function options() {
  const page = await open("frank", "c-options");
  const alt = () => page.locator("[data-board] img").getAttribute("alt");
  await page.locator('[data-options="myrmex"] summary').click();
  if (!(await page.locator("#myrmex-closed").isDisabled())) fail("closed is offered at minor");
  await page.locator("#myrmex-level").selectOption("major");
  if (await page.locator("#myrmex-closed").isDisabled()) fail("closed is not offered at major");
  await page.locator("#myrmex-closed").check();
  await page.locator("#myrmex-seed").fill("7");
  if (shots) await page.screenshot({ path: `${shots}/options-myrmex.png`, fullPage: true });
  await page.locator('[data-new="myrmex"]').click();
  await page.waitForSelector('[data-board][data-kind="myrmex"]');
  const myrmex = await alt();
  if (!myrmex.includes("major level, closed")) fail(`the Myrmex started is not major and closed: ${myrmex}`);

  const words = await page.locator("[data-new]").allTextContents();
  if (words[0] !== "Challenge: Army Ants" || words[1] !== "New Atta Ants") fail(`the Start buttons say ${words}`);
  const spot = await page.locator("[data-board] [data-region]").first().getAttribute("aria-label");
  if (!/^Pile \S+$/.test(spot ?? "")) fail(`a Myrmex pile is named ${spot}`);

  await page.locator('[data-options="army-ants"] summary').click();
  if (!(await page.locator("#army-ants-level").isDisabled())) fail("a level is offered against a person");
  await page.locator("#army-ants-opponent").fill("Antics");
  if (await page.locator("#army-ants-level").isDisabled()) fail("no level is offered against the computer");
  await page.locator("#army-ants-deployment").selectOption("minor");
  if (!(await page.locator("#army-ants-position").isDisabled())) fail("a position is offered with a private deployment");
  if (shots) await page.screenshot({ path: `${shots}/options-army-ants.png`, fullPage: true });
  console.log(`options: ${myrmex.split(".")[0]}; the computer's level offered only against it`);
}

// A patience event in the channel (seeded by the test): its standings
// board under the table; a newcomer joins by its button and plays a deal,
// which opens as their own board.
async function event() {
  const page = await open("cat", "c-event");
  const other = await open("ann", "c-event");
  await other.waitForSelector("#tournament img");
  await page.waitForSelector('#tournament [data-tournament="Join"]');
  if (!(await page.locator("#tournament img").getAttribute("alt")).includes("Anthill")) fail("no standings picture");
  await page.locator('#tournament [data-tournament="Join"]').click();
  // In: the standings list cat (the board is everyone's: Join stays).
  await page.waitForFunction(() => document.querySelector("#tournament img")?.alt.includes("cat"));
  // Another page open on the channel follows the standings live.
  const seen = () => document.querySelector("#tournament img")?.alt.includes("cat");
  await other.waitForFunction(seen, null, { timeout: 10000 });
  if (shots) await page.screenshot({ path: `${shots}/event-standings.png`, fullPage: true });
  await page.locator('#tournament [data-tournament="Play deal 1"]').click();
  await page.waitForSelector('[data-board][data-kind="anthill"]');
  const alt = await page.locator("[data-board] img").getAttribute("alt");
  if (!alt.includes("Event · deal 1 of 2")) fail(`the deal's board does not say so: ${alt}`);
  if (shots) await page.screenshot({ path: `${shots}/event-deal.png`, fullPage: true });
  console.log(`event: joined (seen live by another page), and deal 1 opened: ${alt.split(".")[0]}`);
}

// A finished Army Ants game (seeded by the test: alice moved the card that
// shielded her Queen): its Review button shows the review whole under the
// board, words and picture, and Share posts it.
async function review() {
  const page = await open("alice", "c-review");
  await page.waitForSelector('[data-board][data-status="finished"]');
  await page.locator('[data-action="review"]').click();
  await page.waitForSelector("#note img");
  const words = await page.locator("#note").textContent();
  if (!words.includes("1. d2-e2 loses by force")) fail(`the review does not name the move: ${words}`);
  const alt = await page.locator("#note img").getAttribute("alt");
  if (!alt.startsWith("Before 1. d2-e2, with ")) fail(`the picture is not of the worst moment: ${alt}`);
  const width = await page.locator("#note img").evaluate((img) => img.getBoundingClientRect().width);
  if (width > PHONE.width) fail(`the review's picture is ${width} px wide on a phone`);
  if (shots) await page.screenshot({ path: `${shots}/army-ants-review.png`, fullPage: true });
  // Share posts in a Discord channel: the page, which has none, offers no Share.
  if ((await page.locator('[data-action="sharereview"]').count()) > 0) fail("the page offers Share");
  await page.locator('[data-note="close"]').click();
  if (await page.locator("#note").isVisible()) fail("the review stays after Close");
  console.log(`review: ${words.split(":")[0]}, its worst moment drawn ${Math.round(width)} px wide`);
}

// The Daily panel: today's deal played and ended, a closed day's solution
// (its replay drawn), that day played as practice, the season's table and
// the day's results, each read whole under the board.
async function daily() {
  const page = await open("dora", "c-daily");
  const alt = async () => page.locator("[data-board] img").getAttribute("alt");
  await page.selectOption("#daily-game", "anthill");
  await page.locator('[data-daily="play"]').click();
  await page.waitForSelector('[data-board][data-kind="anthill"][data-status="active"]');
  const today = await alt();
  if (!today.includes("Daily")) fail(`today's deal is not the daily: ${today}`);
  const before = await version(page);
  await page.locator('[data-action="end"]').click();
  await changed(page, before);
  const past = new Date(Date.now() - 5 * 86400000).toISOString().slice(0, 10);
  await page.fill("#daily-date", past);
  await page.locator('[data-daily="solution"]').click();
  await page.waitForSelector("#note img");
  const solution = await page.locator("#note").textContent();
  if (!solution.includes(`The daily Anthill of ${past}`)) fail(`no solution of ${past}: ${solution}`);
  // The reply's own button sits in the note, beside Close.
  const offered = await page.locator("#note button").allTextContents();
  if (!offered.includes("Review my attempt")) fail(`the solution's note offers ${offered.join(", ")}`);
  if (shots) await page.screenshot({ path: `${shots}/daily-solution.png`, fullPage: true });
  await page.locator('[data-daily="play"]').click();
  await page.waitForFunction((day) => document.querySelector("#message")?.textContent.includes(day), past);
  await page.waitForSelector('[data-board][data-kind="anthill"][data-status="active"]');
  const practice = await page.locator("#message").textContent();
  await page.locator('[data-daily="season"]').click();
  await page.waitForFunction(() => document.querySelector("#note")?.textContent.includes("Anthill leaderboard: season"));
  const season = (await page.locator("#note strong").first().textContent()).trim();
  if (shots) await page.screenshot({ path: `${shots}/daily-season.png`, fullPage: true });
  await page.locator('[data-daily="results"]').click();
  await page.waitForFunction((day) => document.querySelector("#note")?.textContent.includes(day), past);
  console.log(`daily: today's played and ended; ${past} solved, then played: ${practice.split(".")[0]}; ${season}`);
}

async function zoom() {
  const pages = { carol: await open("carol", "c-zoom"), dave: await open("dave", "c-zoom") };
  for (const page of Object.values(pages)) await page.waitForSelector('[data-board][data-status="active"]');
  const east = (id) => Number(id.split(",")[0]);
  for (let actions = 0; actions < 120; actions++) {
    const page = await mover(pages);
    if (!page || (await page.locator(".zoom").count()) > 0) break;
    const before = await version(page);
    const rotation = page.locator('[data-region^="rot"][data-source]');
    if ((await rotation.count()) > 0) {
      await rotation.first().click();
      const targets = await page.locator("[data-region][data-target]").evaluateAll((spots) =>
        spots.map((s) => s.dataset.region).filter((id) => id.includes(",")),
      );
      targets.sort((a, b) => east(b) - east(a));
      await page.locator(`[data-region="${targets[0]}"]`).click();
      await choose(page);
    } else if ((await page.locator('[data-action="end"]').count()) > 0) {
      await page.locator('[data-action="end"]').click();
    } else {
      // An ant in the nest must leave it first: a move.
      await step(page);
    }
    await changed(page, before);
    await agree(pages, page);
  }
  const page = pages.carol;
  await page.waitForSelector(".zoom");
  if (shots) await page.screenshot({ path: `${shots}/atta-ants-wide.png`, fullPage: true });
  const card = page.locator('[data-region*=","]').last();
  const small = await card.boundingBox();
  await card.click();
  await page.waitForSelector('.zoom[data-zoom="in"]');
  const big = await page.locator(`[data-region="${await card.getAttribute("data-region")}"]`).boundingBox();
  if (big.width < 44 || big.height < 44) fail(`a zoomed card is ${big.width} x ${big.height} px`);
  if (big.width <= small.width) fail("the tap did not zoom in");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (overflow) fail("the page scrolls sideways when zoomed");
  if (shots) await page.screenshot({ path: `${shots}/atta-ants-zoomed.png`, fullPage: true });
  await page.locator(".zoom-toggle").click();
  await page.waitForSelector('.zoom[data-zoom="out"]');
  console.log(`zoom: a card drawn ${Math.round(small.width)} px wide is tapped at ${Math.round(big.width)} px`);
}

try {
  if (scenario === "play") await play();
  else if (scenario === "options") await options();
  else if (scenario === "zoom") await zoom();
  else if (scenario === "event") await event();
  else if (scenario === "review") await review();
  else if (scenario === "daily") await daily();
  else if (scenario === "deploy") await deploy();
  else if (scenario === "army") await army();
  else if (scenario === "atta") await atta();
  else if (scenario === "live") await live();
  else if (scenario === "watch") await watch();
  else fail(`unknown scenario ${scenario}`);
} catch (error) {
  fail(String(error.stack || error));
} finally {
  await browser.close();
}
