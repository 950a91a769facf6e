// The table's sign-in inside Discord, with Discord's Embedded App SDK: the
// SDK's handshake, an OAuth2 code for `identify`, the server's session for
// that code (it exchanges the code with the app's secret and checks the
// activity instance), and the SDK authenticated with the access token.
// Bundled into ../page/activity.js by `npm run build`, as a classic script
// that names itself `window.anticsActivity` (the table is a classic script).
import { DiscordSDK } from "@discord/embedded-app-sdk";

export async function signIn(clientId) {
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch("/api/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || "The sign-in failed.");
  await sdk.commands.authenticate({ access_token: body.access_token });
  return body.session;
}
