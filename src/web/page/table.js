// The web table: the board the bot draws, with a button over every spot the
// renderer names. A move is a click on its source, then on its target (or a
// drag from one to the other); the board's buttons are one-step actions.
// Every action goes to the server as the same request the bot would make.

const params = new URLSearchParams(location.search);
const seat = { user: params.get("user") || "you", channel: params.get("channel") || "table" };
const query = new URLSearchParams(seat).toString();

const els = {
  who: document.getElementById("who"),
  message: document.getElementById("message"),
  choices: document.getElementById("choices"),
  table: document.getElementById("table"),
  steps: document.getElementById("steps"),
  fresh: document.getElementById("new"),
};

let place = null;
let picked = null;
let busy = false;

function say(text, refused = false) {
  els.message.textContent = text || "";
  els.message.classList.toggle("refused", refused);
}

async function load() {
  const response = await fetch(`/api/table?${query}`);
  const body = await response.json();
  if (!response.ok) {
    say(body.error, true);
    return;
  }
  // The board shown already (the live stream heard of our own move): keep
  // it, and whatever the player has picked on it.
  const shown = place && place.board;
  const same = shown && body.board && shown.id === body.board.id && shown.version === body.board.version;
  if (same) return;
  place = body;
  picked = null;
  draw();
}

async function send(action) {
  if (busy) return;
  busy = true;
  try {
    const response = await fetch("/api/act", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...seat, ...action }),
    });
    const body = await response.json();
    say(body.ok ? firstLine(body.text) : body.error || body.text, !body.ok);
    await load();
    if (body.steps) showSteps(body.steps);
  } finally {
    busy = false;
  }
}

function firstLine(text) {
  return (text || "").split("\n")[0].replace(/\*\*/g, "");
}

function draw() {
  els.who.textContent = `${seat.user} at ${seat.channel}`;
  els.choices.hidden = true;
  els.choices.replaceChildren();
  const board = place.board;
  els.table.replaceChildren();
  els.steps.replaceChildren();
  if (board) {
    els.table.append(boardElement(board));
    showSteps(board.steps);
    if (!els.message.textContent) say(firstLine(board.text));
  } else {
    say("No game here yet: start one below.");
  }
  els.fresh.replaceChildren();
  for (const game of place.new) {
    const button = document.createElement("button");
    button.className = "new";
    button.dataset.new = game.kind;
    button.textContent = `New ${game.title}`;
    button.addEventListener("click", () => send({ new: game.kind }));
    els.fresh.append(button);
  }
}

// The board's buttons: one-step actions, sent as the button's click.
function showSteps(steps) {
  els.steps.replaceChildren();
  for (const step of steps) {
    const button = document.createElement("button");
    button.className = "step";
    button.dataset.action = step.name;
    button.textContent = step.label;
    button.addEventListener("click", () => send({ component: step.component }));
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
  const img = document.createElement("img");
  img.src = board.image;
  img.alt = board.alt;
  img.width = board.width;
  img.height = board.height;
  img.draggable = false;
  root.append(img);
  const sources = new Set(board.moves.map((m) => m.from));
  for (const region of board.regions) {
    const spot = document.createElement("button");
    spot.dataset.region = region.id;
    spot.setAttribute("aria-label", `Pile ${region.id}`);
    spot.setAttribute("aria-pressed", "false");
    if (sources.has(region.id)) spot.dataset.source = "";
    Object.assign(spot.style, {
      left: `${(100 * region.x) / board.width}%`,
      top: `${(100 * region.y) / board.height}%`,
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

let dragFrom = null;
let suppressClick = false;

function movesBetween(from, to) {
  return place.board.moves.find((m) => m.from === from && m.to === to);
}

function clicked(id) {
  const board = place.board;
  if (picked && picked !== id) {
    const move = movesBetween(picked, id);
    if (move) {
      choose(move);
      return;
    }
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
  const targets = new Set(place.board.moves.filter((m) => m.from === id).map((m) => m.to));
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
    send({ kind: place.board.kind, move: move.actions[0] });
    return;
  }
  say("Which move?");
  els.choices.replaceChildren();
  for (const action of move.actions) {
    const button = document.createElement("button");
    button.dataset.choice = action;
    button.textContent = action;
    button.addEventListener("click", () => send({ kind: place.board.kind, move: action }));
    els.choices.append(button);
  }
  els.choices.hidden = false;
}

function live() {
  const events = new EventSource(`/api/events?${query}`);
  events.addEventListener("version", (event) => {
    const [id, version] = event.data.split(" ");
    const board = place && place.board;
    if (!board || board.id !== id || String(board.version) !== version) load();
  });
}

await load();
live();
