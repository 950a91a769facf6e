// The web table: the board the bot draws, with a button over every spot the
// renderer names. A move is a click on its source, then on its target (or a
// drag from one to the other); the board's buttons are one-step actions.
// Every action goes to the server as the same request the bot would make,
// bound to the version of the board it was chosen on.
//
// A classic script, not a module: some phones refuse a module script in
// the opaque-origin frame an Activity runs in.

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
  await loadScript("/activity.js");
  session = await window.anticsActivity.signIn(config.activity);
  seat = {};
  query = new URLSearchParams({ session }).toString();
}

// The sign-in bundle, as a classic script that names itself on `window`.
function loadScript(src) {
  return new Promise((loaded, failed) => {
    const script = Object.assign(document.createElement("script"), { src });
    script.onload = loaded;
    script.onerror = () => failed(new Error(`could not load ${src}`));
    document.head.append(script);
  });
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
  tournament: document.getElementById("tournament"),
  note: document.getElementById("note"),
  daily: document.getElementById("daily"),
};

let place = null;
let picked = null;
// The action in flight, if any: a second click on the same board while it
// is answered is the same intent twice and is dropped; a click on a board
// that has already moved on (the live stream showed the new board before
// the answer arrived), or a different button of no board (a tournament's
// Play after its Join), is the next action, sent as soon as the answer is
// in.
let busy = null;
let queued = null;
// Which board the page shows: "table" (the channel's game of two or more)
// or "patience" (the player's own); null follows what is going on.
let chosen = null;
// Buttons a reply asked for in place (a confirmation), shown until the
// board changes.
let prompt = null;
// The message says what the player's own action did; a board that changed
// otherwise says where the game stands.
let told = false;

// The bot's words as the page shows them: names arrive escaped for
// Discord's markdown, and read here as typed.
const plain = (text) => (text || "").replace(/\\([\\*_~`|\[\]()<>#@:-])/g, "$1");

function say(text, refused = false) {
  els.message.textContent = plain(text);
  els.message.classList.toggle("refused", refused);
}

// Only the player to move is offered moves (a patience is always theirs).
const mayMove = (board) => group(board) === "patience" || board.to_move === place.user;
const open = (board) => board && ["pending", "deploying", "active"].includes(board.status);
// A board's group and words come from its game's entry in \`place.new\`.
const gameOf = (board) => place.new.find((game) => game.kind === board.kind);
const group = (board) => (gameOf(board)?.multiplayer ? "table" : "patience");

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
  const standings = (p) => (p && p.tournament ? `${p.tournament.text}${p.tournament.image}` : "");
  const sameStandings = standings(previous) === standings(body);
  if (same && sameStandings && previous && previous.boards.length === body.boards.length) return;
  picked = null;
  prompt = null;
  draw();
}

// `again`, if given, makes the action anew on the board shown: for an
// action that does not depend on the other player's (a deployment while
// they deploy too), a refusal because their move came first is answered
// by sending it once more on the new board.
async function send(action, again = null) {
  if (busy) {
    const next =
      action.version === undefined
        ? JSON.stringify(action) !== JSON.stringify(busy)
        : action.version !== busy.version;
    if (next) queued = action;
    return;
  }
  busy = action;
  let retry = null;
  // The board the click was made on: a reply that leaves it as it was
  // asks in place (a confirmation). Read before the answer comes, since
  // the live stream may show the new board first.
  const before = shown();
  try {
    const response = await call("/api/act", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...seat, ...action }),
    });
    const body = await response.json();
    if (!body.ok && body.error === "conflict" && again) {
      await load();
      retry = again();
      if (retry) return;
    }
    // A refusal's words, never its code; a note says its words itself.
    say(body.ok ? (body.note ? "" : firstLine(body.text)) : body.text || body.error, !body.ok);
    showNote(body.note, body.steps);
    told = true;
    await load();
    told = false;
    const after = shown();
    // A note's buttons (a leaderboard's pages) sit in the note, board or no board.
    if (!body.note && before && after && before.id === after.id && before.version === after.version) {
      prompt = body.steps || null;
      showSteps(prompt || after.steps);
    }
  } finally {
    busy = null;
    const next = queued;
    queued = null;
    if (retry) send(retry);
    else if (next) send(next);
  }
}

function firstLine(text) {
  return (text || "").split("\n")[0].replace(/\*\*/g, "");
}

// What a control is, to find it again after the page is drawn anew: its
// data- attribute and value.
const FOCUS_KEYS = ["region", "action", "choice", "new", "show", "tournament", "daily"];

function focusOf(element) {
  if (!element || !element.dataset) return null;
  const key = FOCUS_KEYS.find((k) => k in element.dataset);
  return key ? [key, element.dataset[key]] : null;
}

// Keeps a keyboard player's place: the control they were on, if it is
// still there.
function keepingFocus(redraw) {
  const had = focusOf(document.activeElement);
  redraw();
  if (!had) return;
  const [key, value] = had;
  const again = [...document.querySelectorAll(`[data-${key}]`)].find((el) => el.dataset[key] === value);
  again?.focus({ preventScroll: true });
}

function draw() {
  keepingFocus(drawNow);
}

function drawNow() {
  els.who.textContent = session ? plain(place.user) : `${seat.user} at ${seat.channel}`;
  els.choices.hidden = true;
  els.choices.replaceChildren();
  const board = shown();
  els.table.replaceChildren();
  els.steps.replaceChildren();
  drawTabs(board);
  if (board) {
    els.table.append(zoomable(board, boardElement(board)));
    const key = legend(board);
    if (key) els.table.append(key);
    if (board.placing) {
      els.table.append(handElement(board));
      showSteps([...placingSteps(board), ...board.steps]);
      if (!told) say(placingWords(board));
    } else {
      showSteps(board.steps);
      if (!told) say(firstLine(board.text));
    }
  } else {
    say("No game here yet: start one below.");
  }
  drawNew();
  drawTournament();
  drawDaily();
}

// The channel's tournament: its standings board and its buttons (Join,
// Leave, an event's deals), played as the bot's buttons are.
function drawTournament() {
  const t = place.tournament;
  els.tournament.replaceChildren();
  els.tournament.hidden = !t;
  if (!t) return;
  const heading = Object.assign(document.createElement("h2"), { textContent: "Tournament here" });
  const words = Object.assign(document.createElement("p"), { textContent: firstLine(plain(t.text)) });
  els.tournament.append(heading, words);
  if (t.image) els.tournament.append(Object.assign(document.createElement("img"), { src: t.image, alt: plain(t.alt) }));
  const buttons = Object.assign(document.createElement("div"), { className: "tournament-steps" });
  for (const step of t.steps) {
    const button = Object.assign(document.createElement("button"), { className: "step", textContent: step.label });
    button.dataset.tournament = step.label;
    button.addEventListener("click", () => send({ component: step.component }));
    buttons.append(button);
  }
  els.tournament.append(buttons);
}

// The daily challenge, as /daily and /leaderboard have it: a game with a
// daily (the service's registry's, from /api/table), a day (blank: today;
// a closed day is played as practice), and Play, Results, Solution and
// Season. Made once, so a chosen day survives a redraw.
function drawDaily() {
  if (els.daily.childElementCount > 0) return;
  const heading = Object.assign(document.createElement("h2"), { textContent: "Daily challenge" });
  const game = Object.assign(document.createElement("select"), { id: "daily-game" });
  for (const kind of place.new.filter((k) => k.daily)) {
    game.append(Object.assign(document.createElement("option"), { value: kind.kind, textContent: kind.title }));
  }
  const day = Object.assign(document.createElement("input"), { id: "daily-date", type: "date" });
  const fields = Object.assign(document.createElement("div"), { className: "daily-fields" });
  fields.append(labelled("Game", game), labelled("Day (blank: today)", day));
  const buttons = Object.assign(document.createElement("div"), { className: "tournament-steps" });
  const asks = [
    ["play", "Play"],
    ["results", "Results"],
    ["solution", "Solution"],
    ["season", "Season"],
  ];
  for (const [ask, label] of asks) {
    const button = Object.assign(document.createElement("button"), { className: "step", textContent: label });
    button.dataset.daily = ask;
    button.addEventListener("click", () => {
      const options = { game: game.value };
      // A season is the month of the day chosen (blank, or a day of this
      // month: the season under way).
      const month = day.value.slice(0, 7);
      if (ask === "season") options.season = month === new Date().toISOString().slice(0, 7) ? "" : month;
      else options.date = day.value;
      if (ask === "play") chosen = "patience";
      send({ ask, options });
    });
    buttons.append(button);
  }
  els.daily.append(heading, fields, buttons);
}

// A reply that is not a board, shown whole (a game's review): its lines,
// bold where the bot writes **bold**, its picture and its buttons (a
// leaderboard's pages), until the player closes it or acts again.
function showNote(note, steps = []) {
  els.note.replaceChildren();
  els.note.hidden = !note;
  if (!note) return;
  for (const line of note.text.split("\n")) {
    const p = document.createElement("p");
    plain(line)
      .replace(/`/g, "")
      .split("**")
      .forEach((part, i) => p.append(i % 2 ? Object.assign(document.createElement("strong"), { textContent: part }) : part));
    els.note.append(p);
  }
  if (note.image) els.note.append(Object.assign(document.createElement("img"), { src: note.image, alt: plain(note.alt) }));
  for (const step of steps.filter((s) => s.component)) {
    els.note.append(stepButton(step, () => send({ component: step.component })));
  }
  const close = Object.assign(document.createElement("button"), { className: "step", textContent: "Close" });
  close.dataset.note = "close";
  close.addEventListener("click", () => showNote(null));
  els.note.append(close);
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
  // What can only be refused is not offered: a second game of a group
  // while one is open.
  const busy = (multiplayer) => open(place.boards.find((b) => group(b) === (multiplayer ? "table" : "patience")));
  for (const game of place.new) {
    const form = newGameForm(game);
    form.button.disabled = busy(game.multiplayer);
    form.button.title = !form.button.disabled
      ? ""
      : game.multiplayer
        ? "This channel's game is not over yet."
        : "Your patience here is not over yet: end it first.";
  }
  // The forms are kept, so what a player typed or opened survives a redraw.
  els.fresh.replaceChildren(...place.new.map((game) => forms.get(game.kind).root));
}

// Each game's Start button and its options, as the game's command has
// them (sent by /api/table), made once.
const forms = new Map();

function newGameForm(game) {
  if (forms.has(game.kind)) return forms.get(game.kind);
  const root = Object.assign(document.createElement("div"), { className: "new-game" });
  const button = document.createElement("button");
  button.className = "new";
  button.dataset.new = game.kind;
  button.textContent = game.start;
  const details = Object.assign(document.createElement("details"), { className: "options" });
  details.dataset.options = game.kind;
  const summary = document.createElement("summary");
  summary.textContent = `${game.title} options`;
  details.append(summary);
  const controls = new Map();
  for (const option of game.options) {
    const control = optionControl(game.kind, option);
    controls.set(option.name, control);
    details.append(labelled(option.label, control));
  }
  // An option that only some values of another make sense with is
  // disabled otherwise (the level of the computer, a closed deal).
  const follow = () => {
    for (const option of game.options) {
      if (!option.only_when) continue;
      const other = controls.get(option.only_when.option);
      const on = option.only_when.is.includes(valueOf(other).toLowerCase());
      controls.get(option.name).disabled = !on;
      controls.get(option.name).closest("label").classList.toggle("off", !on);
    }
  };
  details.addEventListener("input", follow);
  details.addEventListener("change", follow);
  follow();
  button.addEventListener("click", () => {
    chosen = game.multiplayer ? "table" : "patience";
    const options = {};
    for (const [name, control] of controls) {
      const value = valueOf(control);
      if (!control.disabled && value) options[name] = value;
    }
    send({ new: game.kind, options });
  });
  root.append(button, details);
  const form = { root, button };
  forms.set(game.kind, form);
  return form;
}

// A control for one option: a select of its choices, a text box, or a
// check box (sent only when ticked).
function optionControl(kind, option) {
  const id = `${kind}-${option.name}`;
  if (option.input === "choice") {
    const select = Object.assign(document.createElement("select"), { id });
    for (const choice of option.choices) {
      select.append(Object.assign(document.createElement("option"), { value: choice.value, textContent: choice.label }));
    }
    select.value = option.default;
    return select;
  }
  if (option.input === "toggle") return Object.assign(document.createElement("input"), { id, type: "checkbox" });
  return Object.assign(document.createElement("input"), {
    id,
    maxLength: option.max_len,
    placeholder: option.hint,
    autocomplete: "off",
    inputMode: option.name === "seed" ? "numeric" : "text",
  });
}

const valueOf = (control) => (control.type === "checkbox" ? (control.checked ? "true" : "") : control.value.trim());

function labelled(text, control) {
  const label = document.createElement("label");
  label.className = "option";
  label.append(text, control);
  return label;
}

// One-step actions: a button's click, or a one-word action.
function showSteps(steps) {
  keepingFocus(() => showStepsNow(steps));
}

function showStepsNow(steps) {
  els.steps.replaceChildren();
  for (const step of steps) {
    const run = () => {
      if (step.run) step.run();
      else send(onBoard(step.component ? { component: step.component } : { kind: shown().kind, move: step.move }));
    };
    els.steps.append(stepButton(step, run));
  }
}

// A step's button: its label, named by its action, doing `run`.
function stepButton(step, run) {
  const button = Object.assign(document.createElement("button"), { className: "step", textContent: step.label });
  button.dataset.action = step.name;
  button.addEventListener("click", run);
  return button;
}

// What the outlines drawn over the board mean: only those it can show.
function legend(board) {
  if (!board.image) return null;
  const entries = [];
  if (board.placing) {
    entries.push(["slot", "a square of your army: tap a card, then its square"]);
  } else if (mayMove(board) && board.moves.length > 0) {
    entries.push(["source", "where a move can start"]);
  } else {
    return null;
  }
  entries.push(["picked", "picked"], ["target", "where it can go"]);
  const key = Object.assign(document.createElement("p"), { className: "legend" });
  key.setAttribute("aria-hidden", "true");
  for (const [name, words] of entries) {
    const entry = Object.assign(document.createElement("span"), { className: "entry" });
    entry.append(Object.assign(document.createElement("span"), { className: `swatch ${name}` }), words);
    key.append(entry);
  }
  return key;
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
    text.textContent = plain(board.text.replace(/\*\*/g, ""));
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
    if (board.placing) markSlot(board, spot, region.id);
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
  if (id.startsWith("rot")) return `Drawn card, rotation r${id.slice(3)}`;
  return `${gameOf(board)?.spot ?? "Spot"} ${id}`;
}

let dragFrom = null;
let suppressClick = false;

function movesBetween(from, to) {
  return shown().moves.find((m) => m.from === from && m.to === to);
}

function clicked(id) {
  const board = shown();
  zoomTo(board, id);
  if (board.placing) {
    placeClicked(board, id);
    return;
  }
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
  const board = shown();
  const targets = board.placing
    ? placingTargets(board, id)
    : new Set(board.moves.filter((m) => m.from === id).map((m) => m.to));
  for (const spot of els.table.querySelectorAll("[data-region]")) {
    spot.setAttribute("aria-pressed", String(spot.dataset.region === id));
    if (targets.has(spot.dataset.region)) spot.dataset.target = "";
    else delete spot.dataset.target;
  }
  if (id && !board.placing) {
    const names = [...targets].map((target) => spotName(board, target));
    say(`From ${spotName(board, id)}: pick where it goes (${names.join(", ")}).`);
  }
}

// An action chosen on the board shown: bound to its version, so that a
// board that moved on (another tab, another device) refuses it.
function onBoard(action) {
  return { ...action, version: shown().version };
}

function choose(move) {
  pick(null);
  if (move.actions.length === 1) {
    send(onBoard({ kind: shown().kind, move: move.actions[0] }));
    return;
  }
  say("Which move?");
  els.choices.replaceChildren();
  move.actions.forEach((action, i) => {
    const button = document.createElement("button");
    button.dataset.choice = action;
    button.textContent = move.labels?.[i] ?? action;
    button.addEventListener("click", () => send(onBoard({ kind: shown().kind, move: action })));
    els.choices.append(button);
  });
  els.choices.hidden = false;
  els.choices.querySelector("button")?.focus();
}

// A large map (its cards are regions named `x,y`, as Atta Ants' are) draws
// its cards under a finger's width on a phone. The board then sits in a
// window that pans: a tap zooms it to where it landed (the tap counts
// too), and a button shows the whole map.
// The zoom is kept while the map is redrawn after each action.
let zoom = { board: null, on: false, at: null };

function zoomNeeded(board) {
  if (!board.image) return 1;
  const cards = board.regions.filter((r) => r.id.includes(","));
  if (!cards.length) return 1;
  const smallest = Math.min(...cards.map((r) => Math.min(r.w, r.h)));
  const shown = (smallest * (els.table.clientWidth || window.innerWidth)) / board.width;
  return shown >= 44 ? 1 : 56 / shown;
}

function zoomable(board, root) {
  const factor = zoomNeeded(board);
  if (zoom.board !== board.id) zoom = { board: board.id, on: false, at: null };
  if (factor === 1) return root;
  const frame = document.createElement("div");
  frame.className = "zoom";
  frame.dataset.zoom = zoom.on ? "in" : "out";
  frame.append(root);
  if (zoom.on) {
    root.style.width = `${factor * 100}%`;
    requestAnimationFrame(() => centre(frame, root, board, zoom.at));
  }
  const toggle = document.createElement("button");
  toggle.className = "zoom-toggle";
  toggle.textContent = zoom.on ? "Whole map" : "Zoom in";
  toggle.addEventListener("click", () => {
    zoom.on = !zoom.on;
    draw();
  });
  const wrap = document.createElement("div");
  wrap.append(frame, toggle);
  return wrap;
}

// Scrolls the window so that region `id` (else the map's middle) is in
// its centre.
function centre(frame, root, board, id) {
  const region = board.regions.find((r) => r.id === id);
  const scale = root.clientWidth / board.width;
  const x = region ? (region.x + region.w / 2) * scale : root.clientWidth / 2;
  const y = region ? (region.y + region.h / 2) * scale : root.clientHeight / 2;
  frame.scrollLeft = x - frame.clientWidth / 2;
  frame.scrollTop = y - frame.clientHeight / 2;
}

function zoomTo(board, id) {
  if (zoomNeeded(board) === 1) return;
  zoom.at = id;
  if (zoom.on) return;
  zoom.on = true;
  draw();
}

// A private deployment: the player's cards are placed here, on the
// squares the server names, and sent as one deploy action once all are
// down. Nothing of it leaves the page before then; the board may change
// meanwhile (the other player places) and the placement is kept.
let placement = null;

const placementKey = ({ id, placing }) => `${id}|${placing.squares.join()}|${placing.cards.join()}`;

function placementOf(board) {
  const key = placementKey(board);
  if (!placement || placement.key !== key) placement = { key, at: new Map() };
  return placement;
}

// The hand's cards not yet on a square, by their index in the hand.
function unplaced(board) {
  const placed = new Set(placementOf(board).at.values());
  return board.placing.cards.map((_, i) => i).filter((i) => !placed.has(i));
}

function handElement(board) {
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.setAttribute("aria-label", "Your cards to place");
  for (const i of unplaced(board)) {
    const card = document.createElement("button");
    const id = `hand-${i}`;
    card.dataset.region = id;
    card.textContent = board.placing.cards[i];
    card.setAttribute("aria-label", `Your card ${cardName(board.placing.cards[i])}`);
    card.setAttribute("aria-pressed", String(picked === id));
    card.addEventListener("click", () => clicked(id));
    hand.append(card);
  }
  return hand;
}

const cardName = (symbol) => (symbol === "Q" ? "Queen" : symbol);

// A square of the deployment: marked, and showing the card put there.
function markSlot(board, spot, id) {
  if (!board.placing.squares.includes(id)) return;
  spot.dataset.slot = "";
  const card = placementOf(board).at.get(id);
  if (card !== undefined) {
    spot.textContent = board.placing.cards[card];
    spot.classList.add("placed");
    spot.setAttribute("aria-label", `Square ${id}: your ${cardName(board.placing.cards[card])}`);
  }
}

function placingTargets(board, id) {
  if (!id) return new Set();
  const slots = board.placing.squares;
  if (id.startsWith("hand-")) return new Set(slots);
  return new Set([...slots.filter((s) => s !== id), ...unplaced(board).map((i) => `hand-${i}`)]);
}

// A card of the hand, then a square; a placed card, then another square
// (they swap) or the hand (it goes back).
function placeClicked(board, id) {
  const at = placementOf(board).at;
  const isSlot = board.placing.squares.includes(id);
  if (!isSlot && !id.startsWith("hand-")) {
    say("Place your cards on your own marked squares.", true);
    return;
  }
  if (picked === id) return pick(null);
  if (picked?.startsWith("hand-") && isSlot) {
    at.set(id, Number(picked.slice(5)));
  } else if (picked && !picked.startsWith("hand-") && isSlot) {
    const [mine, theirs] = [at.get(picked), at.get(id)];
    at.delete(picked);
    at.delete(id);
    if (mine !== undefined) at.set(id, mine);
    if (theirs !== undefined) at.set(picked, theirs);
  } else if (picked && !picked.startsWith("hand-")) {
    at.delete(picked);
  } else if (id.startsWith("hand-") || at.has(id)) {
    return pick(id);
  } else {
    say("Pick one of your cards first, then its square.", true);
    return;
  }
  picked = null;
  redrawPlacement(board);
}

function redrawPlacement(board) {
  draw();
  const problem = queenProblem(board);
  if (problem) say(problem, true);
}

function placingWords(board) {
  const left = unplaced(board).length;
  const all = board.placing.squares.length;
  if (left === 0) return "All placed: confirm to lay them face down, or change them.";
  const what = all === 19 ? "your army" : "this row";
  return `Place ${what}: pick a card, then its marked square (${left} of ${all} to place).`;
}

// Whether a placement breaks "the Queen not orthogonally adjacent to
// either of its own 9s" (a total deployment).
function queenProblem(board) {
  if (!board.placing.queen_apart) return null;
  const at = placementOf(board).at;
  const symbol = (square) => (at.has(square) ? board.placing.cards[at.get(square)] : null);
  const queen = [...at.keys()].find((square) => symbol(square) === "Q");
  if (!queen) return null;
  const [file, rank] = [queen.charCodeAt(0), Number(queen.slice(1))];
  const beside = [
    String.fromCharCode(file - 1) + rank,
    String.fromCharCode(file + 1) + rank,
    String.fromCharCode(file) + (rank - 1),
    String.fromCharCode(file) + (rank + 1),
  ];
  return beside.some((square) => symbol(square) === "9") ? "The Queen may not stand next to one of her 9s." : null;
}

function placingSteps(board) {
  const at = placementOf(board).at;
  const steps = [];
  if (unplaced(board).length === 0) steps.push({ name: "deploy", label: "Confirm", run: () => confirmPlacement(board) });
  if (unplaced(board).length > 0) steps.push({ name: "random", label: "Place the rest at random", run: () => placeAtRandom(board) });
  if (at.size > 0) {
    steps.push({
      name: "clear",
      label: "Start over",
      run: () => {
        at.clear();
        picked = null;
        draw();
      },
    });
  }
  return steps;
}

// The cards not yet placed, on the free squares in a random order; in a
// total deployment, an order that keeps the Queen from her 9s if one can.
function placeAtRandom(board) {
  const at = placementOf(board).at;
  const free = board.placing.squares.filter((square) => !at.has(square));
  const cards = unplaced(board);
  for (let attempt = 0; attempt < 200; attempt++) {
    const order = [...cards];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    free.forEach((square, i) => at.set(square, order[i]));
    if (!queenProblem(board)) break;
  }
  picked = null;
  redrawPlacement(board);
}

// The deploy action: each row's values in column order, front row first.
function confirmPlacement(board) {
  const problem = queenProblem(board);
  if (problem) return say(problem, true);
  const at = placementOf(board).at;
  const rows = [];
  for (const square of board.placing.squares) {
    const rank = square.slice(1);
    if (!rows.length || rows[rows.length - 1].rank !== rank) rows.push({ rank, values: "" });
    rows[rows.length - 1].values += board.placing.cards[at.get(square)];
  }
  const action = { kind: board.kind, move: `deploy ${rows.map((row) => row.values).join("/")}` };
  // The other player's row may land first and move the board on; this
  // placement is still the one asked for while the squares and cards are.
  const key = placementKey(board);
  const again = () => {
    const now = shown();
    return now && now.placing && placementKey(now) === key ? onBoard(action) : null;
  };
  send(onBoard(action), again);
}

// The server says when any board of the place changed; the page then
// fetches the place again (and keeps its board if that one did not change).
// A stream the server refuses (too many open, or the session over) is not
// tried again: the page then looks every SLOW_POLL_MS instead.
const SLOW_POLL_MS = 15000;

function live() {
  const events = new EventSource(`/api/events?${query}`);
  events.addEventListener("version", () => load());
  events.addEventListener("error", () => {
    if (events.readyState === EventSource.CLOSED) setInterval(load, SLOW_POLL_MS);
  });
}

// Discord's safe-area insets are empty until its first layout event: the
// page keeps the device's own until they are set.
function followSafeArea() {
  const root = document.documentElement;
  const sides = ["top", "right", "bottom", "left"];
  const follow = () => {
    const style = getComputedStyle(root);
    for (const side of sides) {
      const inset = style.getPropertyValue(`--discord-safe-area-inset-${side}`).trim();
      if (inset) root.style.setProperty(`--safe-${side}`, inset);
    }
  };
  follow();
  new MutationObserver(follow).observe(root, { attributes: true, attributeFilter: ["style", "class"] });
  window.addEventListener("resize", follow);
}

(async () => {
  followSafeArea();
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
})();
