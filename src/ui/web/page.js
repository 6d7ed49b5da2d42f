"use strict";
// The page knows no rule: the server tells it the position, the moves a person can make
// and where each is made; it sends what the person typed or clicked, and the rules judge.
// The API's address and, on a course's site, the form token each request carries
// and the way back to the site (the body's data- attributes).
const API = document.body.dataset.api || "/api";
const CSRF = document.body.dataset.csrf || "";
// view: the ply looked back at (null: the live position); positions: the boards of
// the plies seen or fetched, by ply; flipped: the board drawn from the other side;
// preview: the board a new game would start on.
const T = { catalog: null, snap: null, id: null, events: null, picked: null, cursor: null, hint: null, pending: false, dragFrom: null,
  view: null, positions: [], plyKeys: [], flipped: false, preview: null, snapAt: 0 };
window.TABULA = T;
const $ = id => document.getElementById(id);
// On a course's site, the site's own name (its header replaces tabula's).
const SITE = document.body.dataset.site || "tabula";
if (document.body.dataset.back && $("back")) { const b = $("back"); b.href = document.body.dataset.back; b.textContent = document.body.dataset.backText || "back"; b.hidden = false; }
function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null) continue;
    if (k === "text") e.textContent = String(v);
    else if (k === "cls") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, String(v));
  }
  for (const c of kids.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const arr = x => Array.isArray(x) ? x : [];
const same = (a, b) => TabulaBoard.sameRegion(a, b);

async function api(method, path, body) {
  const headers = body ? { "content-type": "application/json" } : {};
  if (CSRF && method !== "GET") headers["x-csrf-token"] = CSRF;
  const r = await fetch(API + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error(data && data.error ? data.error : "the server answered " + r.status);
  return data;
}
// Said under the board, or under the form before a game is shown.
function say(text) { $(document.body.classList.contains("nogame") ? "formmessage" : "message").textContent = text || ""; }

// ---------- the new-game form, from what the game declares ----------
function gameByName(name) { return arr(T.catalog.games).find(g => g.name === name); }
const g0 = gameByName;
function buildForm(name) {
  const form = $("form");
  form.replaceChildren();
  if (g0(name) && g0(name).fixed) {
    // The course's game, on the course's board: the options are the site's.
    const g = g0(name);
    form.append(el("input", { type: "hidden", id: "f-game", value: g.name }));
    if (g.summary) form.append(el("div", { cls: "summary", text: g.summary }));
    if (g.fixed_text) form.append(el("div", { cls: "summary", text: g.fixed_text }));
    form.append(el("div", { id: "f-seats", style: "display:contents" }));
    buildSeats(g);
    return previewSoon();
  }
  const g = gameByName(name);
  if (arr(T.catalog.games).length === 1 && g) {
    // One game: nothing to choose.
    form.append(el("input", { type: "hidden", id: "f-game", value: g.name }), el("div", { cls: "summary", text: g.title }));
  } else {
    const select = el("select", { id: "f-game", onchange: e => buildForm(e.target.value) },
      arr(T.catalog.games).map(g => el("option", { value: g.name, text: g.title })));
    select.value = name;
    form.append(el("label", { for: "f-game", text: "Game" }), select);
  }
  if (!g) return;
  if (g.summary) form.append(el("div", { cls: "summary", text: g.summary }));
  for (const o of arr(g.options)) {
    const id = "f-opt-" + o.name, d = o.domain || {};
    let input;
    if (d.kind === "integer") input = el("input", { type: "number", id, min: d.min, max: d.max, value: o.default ?? d.min, "data-option": o.name });
    else if (d.kind === "one_of") {
      input = el("select", { id, "data-option": o.name }, arr(d.values).map(v => el("option", { value: v, text: v })));
      if (o.default !== null && o.default !== undefined) input.value = o.default;
    } else if (d.kind === "seed") input = el("input", { type: "checkbox", id, "data-option": o.name, "data-seed": "1" });
    else input = el("input", { type: "text", id, "data-option": o.name, placeholder: "(the usual start)" });
    if (o.name === "players") input.addEventListener("change", () => buildSeats(g));
    input.addEventListener("change", previewSoon);
    input.addEventListener("input", previewSoon);
    form.append(el("label", { for: id, text: o.text || o.name }), input);
  }
  form.append(el("div", { id: "f-seats", style: "display:contents" }));
  buildSeats(g);
  previewSoon();
}
function seatCount(g) {
  const p = document.querySelector('[data-option="players"]');
  if (p && p.value) return Math.max(1, Math.min(8, parseInt(p.value, 10) || 2));
  return arr(g.sides).length || 2;
}
function buildSeats(g) {
  const box = $("f-seats");
  const before = [...box.querySelectorAll("select")].map(s => s.value);
  box.replaceChildren();
  const n = seatCount(g);
  for (let k = 0; k < n; k++) {
    const id = "f-seat-" + (k + 1);
    const s = el("select", { id, "data-seat": k + 1 },
      el("option", { value: "human", text: "a person" }),
      arr(g.levels).map(l => el("option", { value: l.name, text: "computer: " + l.name + (l.text ? " — " + l.text : "") })),
      arr(g.guests).map(p => el("option", { value: p.name, text: p.text })));
    s.value = before[k] || (k === 0 ? "human" : (arr(g.levels).some(l => l.name === g.strongest) ? g.strongest : "human"));
    box.append(el("label", { for: id, text: (arr(g.sides)[k] || "Player " + (k + 1)) }), s);
  }
}
function readForm() {
  const options = {};
  for (const i of document.querySelectorAll("[data-option]")) {
    if (i.dataset.seed) { if (i.checked) options[i.dataset.option] = "random"; }
    else if (i.value !== "") options[i.dataset.option] = i.value;
  }
  const seats = [...document.querySelectorAll("[data-seat]")].map(s => s.value);
  return { game: $("f-game").value, options, seats };
}
async function start() { return startWith(readForm()); }
// A new game as `form` says (the form's, or a rematch's).
async function startWith(form) {
  say("");
  try {
    const { id } = await api("POST", "/games", form);
    $("newgame").open = false;
    location.hash = "#game-" + id;
    connect(id);
  } catch (e) { say(e.message); }
  listYours();
}

// ---------- the person's games (on a course's site): open ones to resume, finished ones to see ----------
async function listYours() {
  if (!T.catalog || !Array.isArray(T.catalog.yours)) return;
  let games = [];
  try { games = await api("GET", "/games"); } catch (e) { return; }
  const ul = $("yourgames"); ul.replaceChildren();
  for (const g of arr(games)) {
    const how = g.players + " · " + g.moves + (g.moves === 1 ? " move" : " moves") + " · " + g.standing;
    ul.append(el("li", { cls: g.id === T.id ? "current" : "", "data-game": g.id, "data-open": g.open ? "yes" : "no" },
      el("span", { cls: "what" }, el("span", { text: "Game " + g.id + (g.open ? "" : " (finished)") }), " ", el("span", { cls: "how", text: how })),
      g.id === T.id ? el("span", { cls: "how", text: "shown" }) : el("a", { href: "#game-" + g.id, text: g.open ? "Resume" : "See" }),
      g.open ? el("button", { type: "button", cls: "endgame", text: "End", title: "End game " + g.id, onclick: () => endGame(g.id) }) : null));
  }
  $("yours").hidden = !arr(games).length;
}
async function endGame(id) {
  say("");
  try { await api("POST", "/games/" + id + "/end"); } catch (e) { say(e.message); }
  if (id === T.id) connect(id);
  listYours();
}

// ---------- following a game ----------
function connect(id) {
  if (T.events) T.events.close();
  T.id = id; T.picked = null; T.hint = null; T.snap = null;
  T.view = null; T.positions = []; T.plyKeys = [];
  const es = new EventSource(API + "/games/" + id + "/events");
  T.events = es;
  es.onmessage = m => {
    let snap;
    try { snap = JSON.parse(m.data); } catch (e) { return say("This page could not read the game: " + e.message); }
    show(snap);
    // A finished game changes no more: the page stops following it.
    if (snap.finished) { es.close(); listYours(); }
  };
  es.onerror = () => {
    // Closed for good: the game ended on the server (or the server stopped).
    if (es.readyState === EventSource.CLOSED) say("The connection to the game was lost: start a new game.");
    else fetch(API + "/games/" + id).then(r => { if (r.status === 404) { es.close(); say("This game has ended on the server (it was idle too long, or the server restarted): start a new one."); $("newgame").open = true; } }, () => {});
  };
}

function seatText(s) {
  if (s.player === "human") return "a person";
  const level = arr((gameByName(T.snap && T.snap.game) || {}).levels).some(l => l.name === s.player);
  return level ? "computer (" + s.player + ")" : s.player;
}
function show(snap) {
  if (T.snap && snap.version < T.snap.version && snap.id === T.snap.id && !snap.finished) return;
  document.body.classList.remove("nogame");
  const moved = !T.snap || arr(T.snap.moves).length !== arr(snap.moves).length;
  T.snap = snap; T.snapAt = Date.now();
  followPositions(snap);
  if (moved) { T.hint = null; $("hinttext").textContent = ""; T.picked = null; }
  T.pending = false;
  if ($("gametitle")) $("gametitle").textContent = snap.title || "";
  document.title = (snap.title ? snap.title + " — " : "") + SITE;
  $("rules").hidden = !snap.rules_error; $("rules").textContent = snap.rules_error || "";
  $("failure").hidden = !snap.failure; $("failure").textContent = snap.failure || "";
  // Whose turn, or how it ended.
  const st = $("status");
  const seat = k => arr(snap.seats)[k - 1];
  st.className = snap.over || snap.finished ? "over" : snap.forced ? "forced" : "";
  if (snap.failure && !snap.board) st.textContent = "This game could not start.";
  // No choice: said, and the server plays it after a pause.
  else if (snap.forced && !snap.over) st.textContent = snap.forced;
  else if (snap.over) st.textContent = "Game over: " + snap.over.text + (arr(snap.over.scores).length ? " (" + snap.over.scores.join(" – ") + ")" : "");
  else if (snap.finished) st.textContent = "Ended: " + snap.finished.text;
  else if (snap.to_move) {
    const s = seat(snap.to_move);
    st.textContent = (s ? s.side : "Player " + snap.to_move) + " to move" + (snap.thinking ? ": the computer is thinking…" : s && s.player === "human" ? ": your move" : "");
  } else st.textContent = "";
  const seats = $("seats"); seats.replaceChildren();
  arr(snap.seats).forEach((s, k) => {
    const sw = el("span", { cls: "disc" });
    sw.style.background = TabulaBoard.colourOf(snap.board || {}, k + 1, T.catalog.palette);
    const score = arr(snap.scores)[k];
    seats.append(el("div", { cls: "seat" + (snap.to_move === k + 1 && !snap.over && !snap.finished ? " tomove" : "") }, sw,
      el("span", { text: s.side + " — " + seatText(s) + (score !== undefined && score !== null && arr(snap.scores).length ? " · " + score : "") }),
      el("span", { cls: "clock", "data-seat": k + 1, title: "Time " + s.side + " has spent thinking (no time limit)" })));
  });
  tickClocks();
  // The move box, the buttons, the moves made nowhere on the board.
  const mine = !!snap.person_to_move && !snap.over;
  $("movebox").disabled = !mine; $("play").disabled = !mine; $("hint").disabled = !mine;
  $("undo").disabled = !snap.can_undo || !!snap.thinking;
  $("end").disabled = !!snap.finished || !snap.board;
  // The notation's examples under the box, where they fit any width.
  $("movebox").placeholder = mine ? "type a move" : "";
  $("notationhint").textContent = mine && snap.notation_hint ? snap.notation_hint : "";
  const legal = $("legal"); legal.replaceChildren();
  for (const m of arr(snap.inputs).map(i => i.move).concat(arr(snap.legal), arr(snap.unplaced).map(u => u.move)).slice(0, 500)) legal.append(el("option", { value: m }));
  const un = $("unplaced"); un.replaceChildren();
  for (const u of arr(snap.unplaced)) un.append(el("button", { type: "button", "data-move": u.move, text: u.move, onclick: () => send(u.move) }));
  $("choices").replaceChildren();
  // The moves so far, the stepping through them, and how the game ended.
  renderMoves(snap);
  renderResult(snap);
  // What the person's own player wrote on stderr (nobody else's is ever sent).
  const err = $("stderr"); err.replaceChildren();
  for (const e of arr(snap.stderr)) {
    const s = seat(e.seat);
    err.append(el("strong", { text: "What " + (s ? s.player : "your player") + " wrote on stderr" }),
      el("pre", { text: e.text || "(nothing yet)" }));
  }
  err.hidden = !arr(snap.stderr).length;
  const rec = $("record"); rec.href = API + "/games/" + snap.id + "/record"; rec.hidden = !snap.id;
  drawBoard();
  document.body.dataset.ready = "yes";
  document.body.dataset.version = String(snap.version);
}

// ---------- the board: clicks, drags and the keyboard ----------
// The moves a person can make, each with the places it is made at (one, or a piece's
// square then its target's): a click on a first place picks it (or plays the move
// when that is the only move there); a click on a target then plays.
// A one-place move may also be made anywhere in its area, when the rules give one (a
// disc dropped from anywhere in its column).
function inputs() { return arr(T.snap && T.snap.inputs); }
function areas() { return inputs().flatMap(i => i.regions.length === 1 ? arr(i.area) : []); }
function clickable() {
  const ins = inputs();
  if (T.picked) {
    return ins.filter(i => i.regions.length >= 2 && same(i.regions[0], T.picked)).map(i => i.regions[1])
      .concat(ins.map(i => i.regions[0]), areas());
  }
  return ins.map(i => i.regions[0]).concat(areas());
}
// Where a single click plays a move: marked, so the legal moves show on the board.
function places() {
  return T.picked ? [] : inputs().filter(i => i.regions.length === 1 && i.regions[0].kind === "sq").map(i => i.regions[0]);
}
function targets() {
  return T.picked ? inputs().filter(i => i.regions.length >= 2 && same(i.regions[0], T.picked)).map(i => i.regions[1]) : [];
}
// A board with nothing to click: a position looked back at, or the one a new game
// would start on. False when there is none to draw.
function drawStill(shown, sides) {
  const svg = $("board"), pos = $("position");
  $("captions").replaceChildren(...arr(shown && shown.board && shown.board.captions).map(c => el("p", { text: c })));
  if (!shown) return false;
  if (!shown.board) {
    svg.replaceChildren(); svg.setAttribute("viewBox", "0 0 10 1");
    pos.hidden = false; pos.textContent = shown.position_text || "";
    return true;
  }
  pos.hidden = true;
  TabulaBoard.draw(svg, shown.board, { palette: T.catalog.palette, sides: sides, flip: T.flipped });
  return true;
}
function drawBoard() {
  const svg = $("board"), snap = T.snap;
  if (document.body.classList.contains("nogame")) {
    const g = gameByName($("f-game") ? $("f-game").value : "");
    if (!drawStill(T.preview, g ? g.sides : [])) { svg.replaceChildren(); svg.setAttribute("viewBox", "0 0 10 1"); }
    return;
  }
  if (!snap) return;
  $("boardbox").classList.toggle("past", T.view !== null);
  if (T.view !== null) {
    if (!drawStill(T.positions[T.view], snap.sides)) svg.replaceChildren();
    return;
  }
  const pos = $("position");
  $("captions").replaceChildren(...arr(snap.board && snap.board.captions).map(c => el("p", { text: c })));
  if (!snap.board) {
    svg.replaceChildren(); svg.setAttribute("viewBox", "0 0 10 1");
    pos.hidden = false; pos.textContent = snap.position_text || JSON.stringify(snap.term);
    return;
  }
  pos.hidden = true;
  TabulaBoard.draw(svg, snap.board, { flip: T.flipped,
    palette: T.catalog.palette, sides: snap.sides, clickable: snap.person_to_move ? clickable() : [],
    targets: targets(), places: snap.person_to_move ? places() : [], picked: T.picked, hint: T.hint ? T.hint.regions : [], cursor: T.keyboard ? T.cursor : null,
    onPick: pick,
  });
}
function pick(region) {
  say("");
  const ins = inputs();
  if (T.picked) {
    const to = ins.filter(i => i.regions.length === 2 && same(i.regions[0], T.picked) && same(i.regions[1], region));
    if (to.length) { T.picked = null; return choose(to); }
    if (same(region, T.picked)) { T.picked = null; return drawBoard(); }
    T.picked = null;
  }
  let here = ins.filter(i => same(i.regions[0], region));
  if (!here.length) here = ins.filter(i => i.regions.length === 1 && arr(i.area).some(a => same(a, region)));
  const whole = here.filter(i => i.regions.length === 1), longer = here.filter(i => i.regions.length > 1);
  if (whole.length && !longer.length) return choose(whole);
  if (longer.length) { T.picked = region; T.cursor = region; return drawBoard(); }
  drawBoard();
}
// One move is played; several made at the same places (a promotion's pieces) are offered.
function choose(moves) {
  if (moves.length === 1) return send(moves[0].move);
  const box = $("choices"); box.replaceChildren(el("span", { text: "Which move?" }));
  for (const m of moves) box.append(el("button", { type: "button", "data-move": m.move, text: m.move, onclick: () => send(m.move) }));
  box.querySelector("button").focus();
}
async function send(text) {
  if (T.pending || !T.id) return;
  T.pending = true;
  try { await api("POST", "/games/" + T.id + "/move", { move: text }); $("movebox").value = ""; say(""); }
  catch (e) { say(e.message); T.pending = false; }
}
function regionAt(x, y) {
  const e = document.elementFromPoint(x, y);
  const key = e && e.getAttribute && e.getAttribute("data-region");
  if (!key) return null;
  const n = key.split("-").slice(1).map(Number);
  return key.startsWith("sq-") ? { kind: "sq", r: n[0], c: n[1] } : { kind: "line", r1: n[0], c1: n[1], r2: n[2], c2: n[3] };
}
// A piece dragged to its target is the same move as two clicks.
$("board").addEventListener("pointerdown", e => { T.keyboard = false; T.dragFrom = regionAt(e.clientX, e.clientY); });
$("board").addEventListener("pointerup", e => {
  const from = T.dragFrom, to = regionAt(e.clientX, e.clientY);
  T.dragFrom = null;
  if (!from || !to || same(from, to) || e.pointerType === "touch") return;
  const m = inputs().filter(i => i.regions.length === 2 && same(i.regions[0], from) && same(i.regions[1], to));
  if (m.length) { e.preventDefault(); T.picked = null; T.suppressClick = true; choose(m); }
});
$("board").addEventListener("click", e => { if (T.suppressClick) { T.suppressClick = false; e.stopPropagation(); } }, true);
// Over a move's area (a column), its own place lights up: where the disc will land.
$("board").addEventListener("pointerover", e => {
  for (const l of $("board").querySelectorAll(".landing")) l.classList.remove("landing");
  const at = regionAt(e.clientX, e.clientY);
  const m = at && inputs().find(i => i.regions.length === 1 && !same(i.regions[0], at) && arr(i.area).some(a => same(a, at)));
  const own = m && $("board").querySelector('[data-region="' + TabulaBoard.regionKey(m.regions[0]) + '"]');
  if (own) own.classList.add("landing");
});
// The keyboard's cursor: arrows move it square by square (or line by line), Enter picks.
function allRegions() {
  const b = T.snap && T.snap.board; if (!b) return [];
  const R = b.shape.rows, C = b.shape.cols, out = [];
  if (b.shape.kind === "lattice") {
    for (let r = 1; r <= R; r++) { for (let c = 1; c < C; c++) out.push({ kind: "line", r1: r, c1: c, r2: r, c2: c + 1 }); if (r < R) for (let c = 1; c <= C; c++) out.push({ kind: "line", r1: r, c1: c, r2: r + 1, c2: c }); }
  } else for (let r = 1; r <= R; r++) for (let c = 1; c <= C; c++) out.push({ kind: "sq", r, c });
  return out;
}
$("board").addEventListener("keydown", e => {
  const b = T.snap && T.snap.board; if (!b) return;
  const all = allRegions(); if (!all.length) return;
  if (!T.cursor) T.cursor = clickable()[0] || all[0];
  T.keyboard = true;
  const k = e.key;
  if (b.shape.kind === "lattice") {
    let i = all.findIndex(r => same(r, T.cursor));
    if (k === "ArrowRight" || k === "ArrowDown") i = (i + 1) % all.length;
    else if (k === "ArrowLeft" || k === "ArrowUp") i = (i - 1 + all.length) % all.length;
    else if (k === "Enter" || k === " ") { e.preventDefault(); return pick(T.cursor); }
    else if (k === "Escape") { T.picked = null; return drawBoard(); }
    else return;
    T.cursor = all[i];
  } else {
    let { r, c } = T.cursor;
    if (k === "ArrowRight") c = Math.min(b.shape.cols, c + 1);
    else if (k === "ArrowLeft") c = Math.max(1, c - 1);
    else if (k === "ArrowUp") r = Math.max(1, r - 1);
    else if (k === "ArrowDown") r = Math.min(b.shape.rows, r + 1);
    else if (k === "Enter" || k === " ") { e.preventDefault(); return pick(T.cursor); }
    else if (k === "Escape") { T.picked = null; return drawBoard(); }
    else return;
    T.cursor = { kind: "sq", r, c };
  }
  e.preventDefault();
  drawBoard();
  $("status").setAttribute("aria-label", TabulaBoard.regionName(b, T.cursor));
  $("boardhelp").textContent = TabulaBoard.regionName(b, T.cursor);
});
// The cursor shows while the keyboard is used; a redraw on focus would replace the
// square a pointer just went down on, and its click would be lost.
$("board").addEventListener("blur", () => { if (T.keyboard) { T.keyboard = false; drawBoard(); } });

// ---------- buttons and keys ----------
$("play").addEventListener("click", () => send($("movebox").value));
$("movebox").addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); send($("movebox").value); } });
$("undo").addEventListener("click", async () => {
  say("");
  // A finished game is opened again by taking a move back: it is followed again.
  const finished = !!(T.snap && T.snap.finished);
  try { await api("POST", "/games/" + T.id + "/undo"); if (finished) { connect(T.id); listYours(); } } catch (e) { say(e.message); }
});
$("end").addEventListener("click", () => endGame(T.id));
$("hint").addEventListener("click", async () => {
  say(""); $("hinttext").textContent = "Thinking…";
  try { const h = await api("POST", "/games/" + T.id + "/hint"); T.hint = h; $("hinttext").textContent = "Hint: " + h.move + (h.reason ? " — " + h.reason : ""); drawBoard(); }
  catch (e) { $("hinttext").textContent = ""; say(e.message); }
});
$("start").addEventListener("click", start);
document.addEventListener("keydown", e => {
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z" && !$("undo").disabled) { e.preventDefault(); $("undo").click(); }
  else if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key === "h" && !$("hint").disabled) $("hint").click();
  // On the board, the arrow keys move its cursor; elsewhere they step through the moves.
  else if (t && t.closest && t.closest("#board")) return;
  else if (!e.ctrlKey && !e.metaKey && !e.altKey && stepKey(e.key)) e.preventDefault();
});

// ---------- start ----------
(async function () {
  try {
    T.catalog = await api("GET", "/catalog");
    const m = /^#game-(\d+)$/.exec(location.hash);
    const first = new URLSearchParams(location.search).get("game") || T.catalog.first || (arr(T.catalog.games)[0] || {}).name;
    buildForm(gameByName(first) ? first : (arr(T.catalog.games)[0] || {}).name);
    if (m) connect(Number(m[1]));
    else landing();
    listYours();
  } catch (e) { say("The server could not be reached: " + e.message); document.body.dataset.ready = "error"; }
})();
// A game chosen from the list (or an address with #game-N typed in).
window.addEventListener("hashchange", () => {
  const m = /^#game-(\d+)$/.exec(location.hash);
  if (m && Number(m[1]) !== T.id) { $("newgame").open = false; connect(Number(m[1])); listYours(); }
  else if (!m && T.id !== null) landing();
});
