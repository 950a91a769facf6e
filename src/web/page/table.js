// The web table: the board the bot draws, with a button over every spot the
// renderer names. A move is a click on its source, then on its target (or a
// drag from one to the other); the board's buttons are one-step actions.
// Every action goes to the server as the same request the bot would make.

const params = new URLSearchParams(location.search);
// Inside Discord (the app's Activity) the page signs in and the session
// says who plays where; at this machine (local mode) the address says.
const inDiscord = params.has("frame_id") && params.has("instance_id");
let seat = { user: params.get("user") || "you", channel: params.get("channel") || "table" };
let query = new URLSearchParams(seat).toString();
let session = null;

async function signIn() {
  const config = await (await fetch("/api/config")).json();
  if (!config.activity) throw new Error("This table is not an Activity.");
  const { signIn } = await import("/activity.js");
  session = await signIn(config.activity);
  seat = {};
  query = new URLSearchParams({ session }).toString();
}

// Every call carries the session, if there is one.
function call(path, init = {}) {
  const headers = { ...(init.headers || {}) };
  if (session) headers.authorization = `Bearer ${session}`;
  return fetch(path, { ...init, headers });
}

const els = {
  who: document.getElementById("who"),
  message: document.getElementById("message"),
  choices: document.getElementById("choices"),
  table: document.getElementById("table"),
  steps: document.getElementById("steps"),
  fresh: document.getElementById("new"),
  tabs: document.getElementById("tabs"),
  opponent: Object.assign(document.createElement("input"), {
    id: "opponent",
    placeholder: "anyone, or antics",
    maxLength: 32,
    autocomplete: "off",
  }),
};

let place = null;
let picked = null;
let busy = false;
// Which board the page shows: "table" (the channel's game of two or more)
// or "patience" (the player's own); null follows what is going on.
let chosen = null;
// Buttons a reply asked for in place (a confirmation), shown until the
// board changes.
let prompt = null;
// The message says what the player's own action did; a board that changed
// otherwise says where the game stands.
let told = false;

function say(text, refused = false) {
  els.message.textContent = text || "";
  els.message.classList.toggle("refused", refused);
}

// Only the player to move is offered moves (a patience is always theirs).
const mayMove = (board) => group(board) === "patience" || board.to_move === place.user;
const open = (board) => board && ["pending", "deploying", "active"].includes(board.status);
const group = (board) => (board.kind === "army-ants" || board.kind === "atta-ants" ? "table" : "patience");

// The board shown: the one chosen, else an open game of the channel, else
// the player's patience, else the channel's last game.
function shown() {
  if (!place) return null;
  const boards = place.boards;
  const of = (name) => boards.find((b) => group(b) === name);
  if (chosen && of(chosen)) return of(chosen);
  const table = of("table");
  const patience = of("patience");
  if (open(table)) return table;
  return patience || table || null;
}

async function load() {
  const response = await call(session ? "/api/table" : `/api/table?${query}`);
  const body = await response.json();
  if (!response.ok) {
    say(body.error, true);
    return;
  }
  // The board shown already (the live stream heard of our own move): keep
  // it, and whatever the player has picked on it.
  const before = shown();
  const previous = place;
  place = body;
  const after = shown();
  const same = before && after && before.id === after.id && before.version === after.version;
  if (same && previous && previous.boards.length === body.boards.length) return;
  picked = null;
  prompt = null;
  draw();
}

async function send(action) {
  if (busy) return;
  busy = true;
  try {
    const response = await call("/api/act", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...seat, ...action }),
    });
    const body = await response.json();
    say(body.ok ? firstLine(body.text) : body.error || body.text, !body.ok);
    told = true;
    const before = shown();
    await load();
    told = false;
    const after = shown();
    if (before && after && before.id === after.id && before.version === after.version) {
      prompt = body.steps || null;
      showSteps(prompt || after.steps);
    }
  } finally {
    busy = false;
  }
}

function firstLine(text) {
  return (text || "").split("\n")[0].replace(/\*\*/g, "");
}

function draw() {
  els.who.textContent = session ? place.user : `${seat.user} at ${seat.channel}`;
  els.choices.hidden = true;
  els.choices.replaceChildren();
  const board = shown();
  els.table.replaceChildren();
  els.steps.replaceChildren();
  drawTabs(board);
  if (board) {
    els.table.append(boardElement(board));
    showSteps(board.steps);
    if (!told) say(firstLine(board.text));
  } else {
    say("No game here yet: start one below.");
  }
  drawNew();
}

// When the channel has a game and the player a patience: a switch between.
function drawTabs(board) {
  els.tabs.replaceChildren();
  if (!board || place.boards.length < 2) return;
  for (const other of place.boards) {
    const button = document.createElement("button");
    button.className = "tab";
    button.dataset.show = group(other);
    button.setAttribute("aria-pressed", String(other.id === board.id));
    button.textContent = group(other) === "table" ? "Channel game" : "Your patience";
    button.addEventListener("click", () => {
      chosen = group(other);
      draw();
    });
    els.tabs.append(button);
  }
}

function drawNew() {
  els.fresh.replaceChildren();
  for (const game of place.new) {
    const button = document.createElement("button");
    button.className = "new";
    button.dataset.new = game.kind;
    button.textContent = game.kind === "army-ants" ? `Challenge: ${game.title}` : `New ${game.title}`;
    button.addEventListener("click", () => {
      chosen = game.multiplayer ? "table" : "patience";
      const action = { new: game.kind };
      if (game.kind === "army-ants") action.opponent = els.opponent.value;
      send(action);
    });
    els.fresh.append(button);
  }
  els.fresh.append(opponentField());
}

// Whom an Army Ants challenge names: anyone here when empty, `antics` for
// the computer.
function opponentField() {
  const label = document.createElement("label");
  label.className = "opponent";
  label.textContent = "Army Ants opponent ";
  label.append(els.opponent);
  return label;
}

// One-step actions: a button's click, or a one-word action.
function showSteps(steps) {
  els.steps.replaceChildren();
  for (const step of steps) {
    const button = document.createElement("button");
    button.className = "step";
    button.dataset.action = step.name;
    button.textContent = step.label;
    button.addEventListener("click", () =>
      send(step.component ? { component: step.component } : { kind: shown().kind, move: step.move }),
    );
    els.steps.append(button);
  }
}

function boardElement(board) {
  const root = document.createElement("div");
  root.dataset.board = board.id;
  root.dataset.kind = board.kind;
  root.dataset.status = board.status;
  root.dataset.version = String(board.version);
  root.dataset.toMove = board.to_move || "";
  if (!board.image) {
    root.className = "waiting";
    const text = document.createElement("p");
    text.textContent = board.text.replace(/\*\*/g, "");
    root.append(text);
    return root;
  }
  const img = document.createElement("img");
  img.src = board.image;
  img.alt = board.alt;
  img.width = board.width;
  img.height = board.height;
  img.draggable = false;
  root.append(img);
  const sources = new Set(mayMove(board) ? board.moves.map((m) => m.from) : []);
  for (const region of board.regions) {
    const spot = document.createElement("button");
    spot.dataset.region = region.id;
    spot.setAttribute("aria-label", spotName(board, region.id));
    spot.setAttribute("aria-pressed", "false");
    if (sources.has(region.id)) spot.dataset.source = "";
    // Placed by its centre, so that a spot widened to a finger's size
    // stays over what it names.
    Object.assign(spot.style, {
      left: `${(100 * (region.x + region.w / 2)) / board.width}%`,
      top: `${(100 * (region.y + region.h / 2)) / board.height}%`,
      width: `${(100 * region.w) / board.width}%`,
      height: `${(100 * region.h) / board.height}%`,
    });
    spot.addEventListener("pointerdown", (event) => {
      dragFrom = region.id;
      spot.releasePointerCapture?.(event.pointerId);
    });
    spot.addEventListener("pointerup", (event) => {
      const from = dragFrom;
      dragFrom = null;
      if (from && from !== region.id && movesBetween(from, region.id)) {
        event.preventDefault();
        choose(movesBetween(from, region.id));
        suppressClick = true;
      }
    });
    spot.addEventListener("click", () => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      clicked(region.id);
    });
    root.append(spot);
  }
  return root;
}

// What a spot is, for screen readers.
function spotName(board, id) {
  if (board.kind === "army-ants") return `Square ${id}`;
  if (board.kind === "atta-ants") {
    return id.startsWith("rot") ? `Drawn card, rotation r${id.slice(3)}` : `Square ${id}`;
  }
  return `Pile ${id}`;
}

let dragFrom = null;
let suppressClick = false;

function movesBetween(from, to) {
  return shown().moves.find((m) => m.from === from && m.to === to);
}

function clicked(id) {
  const board = shown();
  // A move may end where it starts (an Atta Ants ant out and back).
  if (picked) {
    const move = movesBetween(picked, id);
    if (move) {
      choose(move);
      return;
    }
  }
  if (!mayMove(board)) {
    say(board.to_move ? `It is ${board.to_move}'s turn.` : "No one moves now.", true);
    return;
  }
  if (picked === id || !board.moves.some((m) => m.from === id)) {
    pick(null);
    if (!board.moves.some((m) => m.from === id)) say("No move starts there.", true);
    return;
  }
  pick(id);
}

function pick(id) {
  picked = id;
  const targets = new Set(shown().moves.filter((m) => m.from === id).map((m) => m.to));
  for (const spot of els.table.querySelectorAll("[data-region]")) {
    spot.setAttribute("aria-pressed", String(spot.dataset.region === id));
    if (targets.has(spot.dataset.region)) spot.dataset.target = "";
    else delete spot.dataset.target;
  }
  if (id) say(`From ${id}: pick where it goes.`);
}

function choose(move) {
  pick(null);
  if (move.actions.length === 1) {
    send({ kind: shown().kind, move: move.actions[0] });
    return;
  }
  say("Which move?");
  els.choices.replaceChildren();
  for (const action of move.actions) {
    const button = document.createElement("button");
    button.dataset.choice = action;
    button.textContent = action;
    button.addEventListener("click", () => send({ kind: shown().kind, move: action }));
    els.choices.append(button);
  }
  els.choices.hidden = false;
}

// The server says when any board of the place changed; the page then
// fetches the place again (and keeps its board if that one did not change).
function live() {
  const events = new EventSource(`/api/events?${query}`);
  events.addEventListener("version", () => load());
}

if (inDiscord) {
  try {
    await signIn();
  } catch (error) {
    say(`Could not sign in: ${error.message || error}`, true);
    throw error;
  }
}
await load();
live();
