// ---------- looking back: the moves as a list, stepping, flip, clocks, the end ----------
// The same script as page.js (one <script>): T, $, el, arr, api, show and drawBoard
// are its.

// The moves so far, a key each ("1:d3"): a position kept for a ply is the one after
// the same moves.
function plyKeys(snap) { return arr(snap.moves).map(m => m.player + ":" + m.move); }
// Keeps the positions that still stand (a move taken back drops those after it) and
// the live one; a finished game brings them all.
function followPositions(snap) {
  const keys = plyKeys(snap);
  let same = 0;
  while (same < keys.length && same < T.plyKeys.length && keys[same] === T.plyKeys[same]) same++;
  T.positions.length = Math.min(T.positions.length, same + 1);
  T.plyKeys = keys;
  for (const p of arr(snap.positions)) if (p && p.ply <= keys.length) T.positions[p.ply] = p;
  if (snap.board || snap.position_text) T.positions[keys.length] = { ply: keys.length, board: snap.board, position_text: snap.position_text, scores: snap.scores };
  if (T.view !== null && T.view >= keys.length) T.view = null;
}
function plies() { return arr(T.snap && T.snap.moves).length; }
// Shows the position after ply `k` (0: the start), read-only; the last ply, or
// beyond, is the live position again.
async function viewPly(k) {
  if (!T.snap) return;
  const n = plies();
  k = Math.max(0, Math.min(n, k));
  T.view = k >= n ? null : k;
  T.picked = null;
  if (T.view !== null && !T.positions[T.view]) {
    const id = T.id, want = T.view;
    renderStepper(); drawBoard();
    try {
      const got = await api("GET", "/games/" + id + "/positions?from=" + want);
      if (id !== T.id) return;
      for (const p of arr(got.positions)) if (p && p.ply < plies()) T.positions[p.ply] = p;
    } catch (e) { say(e.message); }
    if (T.view !== want) return;
  }
  renderStepper(); markViewed(); drawBoard();
}
function live() { return viewPly(plies()); }
// The keys that step, when the focus is not on the board or in a field.
function stepKey(key) {
  if (!T.snap || document.body.classList.contains("nogame")) return false;
  const at = T.view === null ? plies() : T.view;
  if (key === "ArrowLeft") viewPly(at - 1);
  else if (key === "ArrowRight") viewPly(at + 1);
  else if (key === "Home") viewPly(0);
  else if (key === "End") live();
  else if (key === "f" || key === "F") flip();
  else return false;
  return true;
}
function flip() {
  T.flipped = !T.flipped;
  $("flip").setAttribute("aria-pressed", String(T.flipped));
  drawBoard();
}
function sideOf(player) {
  const s = arr(T.snap && T.snap.seats)[player - 1];
  return s ? s.side : "Player " + player;
}
// Where the stepping is: "Move 12 of 30: d3 (Black)", or live.
function renderStepper() {
  const n = plies(), at = T.view === null ? n : T.view;
  const m = arr(T.snap && T.snap.moves)[at - 1];
  const what = at === 0 ? "The start" : "Move " + at + " of " + n + ": " + m.move + " (" + sideOf(m.player) + ")";
  $("plytext").textContent = T.view === null ? (n ? what + " · live" : "The start · live") : what + " · read-only";
  $("first").disabled = $("prev").disabled = at === 0;
  $("next").disabled = $("last").disabled = T.view === null;
  $("live").hidden = T.view === null;
  $("boardbox").classList.toggle("past", T.view !== null);
}
function markViewed() {
  const at = T.view === null ? plies() : T.view;
  for (const li of $("moves").querySelectorAll("li")) li.classList.toggle("viewed", Number(li.dataset.ply) === at);
  const v = $("moves").querySelector("li.viewed");
  if (v && T.view !== null) v.scrollIntoView({ block: "nearest" });
}
// A duration as m:ss (h:mm:ss past an hour); tenths under ten seconds.
function clockText(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = String(s % 60).padStart(2, "0");
  if (ms < 10000) return "0:" + ss.padStart(2, "0") + "." + Math.floor(ms % 1000 / 100);
  return h ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
}
// The moves, numbered, each a button showing the position after it, with who played
// it, its time, the events in words and the computer's reason.
function renderMoves(snap) {
  const ol = $("moves"); ol.replaceChildren();
  arr(snap.moves).forEach((m, k) => {
    // A reason the events already say ("captures" beside "captures on b3") is said once.
    const said = m.events && m.reason && String(m.events).toLowerCase().includes(String(m.reason).toLowerCase());
    const sw = el("span", { cls: "disc", "aria-hidden": "true" });
    sw.style.background = TabulaBoard.colourOf(snap.board || {}, m.player, T.catalog.palette);
    ol.append(el("li", { "data-ply": k + 1 },
      el("span", { cls: "n", text: (k + 1) + "." }), sw,
      el("button", { type: "button", cls: "mv", "data-ply": k + 1, text: m.move, title: "The position after " + m.move, onclick: () => viewPly(k + 1) }),
      el("span", { cls: "who", text: sideOf(m.player) }),
      el("span", { cls: "ms", text: typeof m.ms === "number" ? clockText(m.ms) : "", title: "time spent on this move" }),
      m.events ? el("div", { cls: "events", text: m.events }) : null,
      m.reason && !said ? el("div", { cls: "reason", text: m.reason }) : null));
  });
  markViewed();
  if (T.view === null) ol.scrollTop = ol.scrollHeight;
  renderStepper();
}
// Each side's time spent thinking, the running one counted on in the page.
function tickClocks() {
  const c = T.snap && T.snap.clock;
  for (const e of document.querySelectorAll("#seats .clock")) {
    if (!c) { e.textContent = ""; continue; }
    const k = Number(e.dataset.seat);
    let ms = arr(c.spent_ms)[k - 1] || 0;
    if (c.running === k && !T.snap.finished && !T.snap.over) ms += (c.running_ms || 0) + (Date.now() - T.snapAt);
    e.textContent = clockText(ms);
  }
}
setInterval(tickClocks, 1000);

// ---------- the end: who won, the score in words, a rematch ----------
// The seats people sit at.
function peopleSeats(snap) { return arr(snap.seats).filter(s => s.player === "human").map(s => s.seat); }
function renderResult(snap) {
  const box = $("result");
  const over = snap.over, ended = snap.finished && !over;
  if (!over && !ended) { box.hidden = true; return; }
  box.hidden = false;
  const people = peopleSeats(snap), winners = arr(over && over.winners);
  let head, cls = "";
  if (ended) head = "Game ended";
  else if (people.length === 1 && winners.length === 1) {
    const won = winners[0] === people[0];
    head = won ? "You won" : "You lost"; cls = won ? "won" : "lost";
  } else if (people.length === 1 && winners.includes(people[0])) head = "A draw";
  else head = over.text;
  box.className = "panel " + cls;
  $("resulthead").textContent = head;
  // The score in words: each side's, the winner's first.
  const scores = arr(over && over.scores);
  const order = arr(snap.seats).map(s => s.seat).sort((a, b) => (winners.includes(b) ? 1 : 0) - (winners.includes(a) ? 1 : 0));
  const scored = scores.length ? order.map(k => sideOf(k) + " " + scores[k - 1]).join(", ") : "";
  const n = plies();
  const text = ended ? snap.finished.text
    : over.text + (scored ? ": " + scored : "") + ", after " + n + (n === 1 ? " move." : " moves.");
  $("resulttext").textContent = text;
  $("rematch").hidden = !snap.form;
}
// The same game and options (a random start: the same one), the sides swapped: each
// seat's player moves one seat on.
function rematch() {
  const f = T.snap && T.snap.form;
  if (!f) return;
  const seats = arr(f.seats);
  return startWith({ game: f.game, options: f.options || {}, seats: seats.slice(1).concat(seats.slice(0, 1)) });
}

// ---------- before a game: the form beside the board it starts on ----------
const TAGLINE = $("gametitle") ? $("gametitle").textContent : "";
function landing() {
  if (T.events) T.events.close();
  T.events = null; T.id = null; T.snap = null; T.view = null;
  document.body.classList.add("nogame");
  $("boardbox").classList.remove("past");
  $("newgame").open = true;
  if ($("gametitle")) $("gametitle").textContent = TAGLINE;
  document.title = SITE;
  if (location.hash) history.pushState(null, "", location.pathname + location.search);
  document.body.dataset.ready = "form";
  drawBoard(); previewSoon(); listYours();
}
let previewTimer = null;
function previewSoon() { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 200); }
async function preview() {
  if (!document.body.classList.contains("nogame") || !$("f-game")) return;
  const form = readForm(), key = JSON.stringify([form.game, form.options]);
  T.previewKey = key;
  const g = gameByName(form.game);
  const random = Object.values(form.options).includes("random");
  $("previewnote").textContent = "The board " + (g ? g.title : "the game") + " starts on" + (random ? " (a random start: another is drawn when the game starts)" : "") + ". Press Start to play.";
  try {
    const p = await api("POST", "/preview", { game: form.game, options: form.options });
    if (T.previewKey !== key) return;
    T.preview = p; say("");
  } catch (e) { if (T.previewKey === key) { T.preview = null; say(e.message); } }
  drawBoard();
}

$("first").addEventListener("click", () => viewPly(0));
$("prev").addEventListener("click", () => viewPly((T.view === null ? plies() : T.view) - 1));
$("next").addEventListener("click", () => viewPly((T.view === null ? plies() : T.view) + 1));
$("last").addEventListener("click", live);
$("live").addEventListener("click", live);
$("flip").addEventListener("click", flip);
$("rematch").addEventListener("click", rematch);
$("newgamebutton").addEventListener("click", landing);
