// The table as the app's Activity, in Chromium: a same-origin parent page
// plays Discord's client for the Embedded App SDK (its postMessage RPC:
// the handshake, READY, AUTHORIZE with a code, AUTHENTICATE), and the
// framed table signs in through the server, then plays.
//
//   node activity.mjs URL SHOTS
import { launch } from "./chromium.mjs";

const [url, shots] = process.argv.slice(2);

const browser = await launch();

// Discord's side of the RPC, as far as the sign-in goes.
const parent = `<!doctype html><meta charset="utf-8"><title>Discord</title>
<style>body{margin:0;background:#313338}iframe{border:0;width:400px;height:900px}</style>
<iframe src="/?frame_id=f-1&instance_id=i-1234&platform=mobile&guild_id=999&channel_id=555"></iframe>
<script>
const frame = () => document.querySelector("iframe").contentWindow;
const reply = (payload) => frame().postMessage([1, payload], location.origin);
window.rpc = [];
window.addEventListener("message", (event) => {
  const [op, data] = event.data;
  window.rpc.push(op === 0 ? "HANDSHAKE" : data.cmd);
  if (op === 0) {
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null,
            data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" } } });
  } else if (data.cmd === "AUTHORIZE") {
    const code = data.args.client_id === "1000000000000001" ? "nelly-code" : "wrong-client";
    reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code } });
  } else if (data.cmd === "AUTHENTICATE") {
    window.authenticatedWith = data.args.access_token;
    reply({ cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {
      access_token: data.args.access_token,
      user: { username: "nelly", discriminator: "0", id: "80351110224678912", public_flags: 0 },
      scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
      application: { description: "", id: "1000000000000001", name: "Antics" } } });
  }
});
</script>`;

function fail(message) {
  console.error(message);
  process.exitCode = 1;
}

try {
  const page = await browser.newPage({ viewport: { width: 400, height: 900 } });
  await page.route(`${url}/discord`, (route) => route.fulfill({ contentType: "text/html", body: parent }));
  await page.goto(`${url}/discord`);
  const table = page.frameLocator("iframe");
  await table.locator("[data-new]").first().waitFor({ timeout: 10000 });
  const who = await table.locator("#who").textContent();
  if (who !== "Nelly") fail(`the table shows ${who}, not the signed-in user`);
  const rpc = await page.evaluate(() => window.rpc);
  if (rpc.join(",") !== "HANDSHAKE,AUTHORIZE,AUTHENTICATE") fail(`the RPC went ${rpc}`);
  if ((await page.evaluate(() => window.authenticatedWith)) !== "nelly-access") fail("the SDK was not authenticated");
  await table.locator('[data-new="anthill"]').click();
  const board = table.locator('[data-board][data-kind="anthill"]');
  await board.waitFor();
  const before = await board.getAttribute("data-version");
  // A move on the board, or the deal when a deal opens with none (a
  // random deal can).
  const sources = table.locator("[data-region][data-source]");
  if ((await sources.count()) > 0) {
    await sources.first().click();
    await table.locator("[data-region][data-target]").first().click();
    const choice = table.locator("[data-choice]");
    if (await choice.first().isVisible().catch(() => false)) await choice.first().click();
  } else {
    await table.locator('[data-action="deal"]').click();
  }
  await page.waitForFunction(
    (v) => document.querySelector("iframe").contentDocument.querySelector("[data-board]")?.dataset.version !== v,
    before,
  );
  if (shots) await page.screenshot({ path: `${shots}/activity.png` });
  console.log("activity: signed in as Nelly and played");
} catch (error) {
  fail(String(error.stack || error));
} finally {
  await browser.close();
}
