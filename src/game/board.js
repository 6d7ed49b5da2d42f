// The board vocabulary of prolog/core/game.pl (squares and lattices, pieces, lines,
// fills, marks, labels, captions), drawn in SVG from the JSON of src/game/board.rs.
// One renderer for every page of tabula: the championship page's replays and the
// game played in the browser (`tabula web`). It draws and reports clicks; it knows
// no rule: which places can be clicked, and what a click means, the page is told.
"use strict";
const TabulaBoard = (function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  function sv(tag, attrs, text) {
    const e = document.createElementNS(SVGNS, tag);
    if (attrs) for (const k of Object.keys(attrs)) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  function isNum(x) { return typeof x === "number" && isFinite(x); }
  function str(x) { return x === undefined || x === null ? "" : String(x); }
  function arr(x) { return Array.isArray(x) ? x : []; }

  // A side's colour: the one the rules name (`colours/1`), else tabula's palette
  // (src/game/palette.rs, which the page is given as data).
  function colourOf(b, p, palette) {
    const named = arr(b && b.colours)[p - 1];
    if (named && Object.prototype.hasOwnProperty.call(palette.named, named)) return palette.named[named];
    return p >= 1 ? palette.players[(p - 1) % palette.players.length] : palette.nobody;
  }
  function inkOn(hex) {
    const v = parseInt(hex.slice(1), 16), r = v >> 16 & 255, g = v >> 8 & 255, bl = v & 255;
    return 0.299 * r + 0.587 * g + 0.114 * bl > 150 ? "#1f2328" : "#f6f8fa";
  }
  function sameRegion(a, c) {
    return !!a && !!c && a.kind === c.kind && (a.kind === "sq" ? a.r === c.r && a.c === c.c
      : (a.r1 === c.r1 && a.c1 === c.c1 && a.r2 === c.r2 && a.c2 === c.c2) || (a.r1 === c.r2 && a.c1 === c.c2 && a.r2 === c.r1 && a.c2 === c.c1));
  }
  // A region as a short word, for the page's tests and lookups: "sq-2-3", "line-1-1-1-2".
  function regionKey(region) {
    return region.kind === "sq" ? "sq-" + region.r + "-" + region.c
      : "line-" + region.r1 + "-" + region.c1 + "-" + region.r2 + "-" + region.c2;
  }
  function marksOn(b, region) {
    return arr(b.marks).filter(m => m && m.region && sameRegion(m.region, region)).map(m => m.kind);
  }
  // A square's (or dot's) name for people and screen readers, as the move notation
  // writes it from the labels the board shows: its column's label (from the nearer of
  // the top and bottom edges) and its row's (the nearer of left and right), joined as
  // the view's square_name says (default "c3"); a column label alone when no row has
  // one (a pit, "3"); else its numbers.
  function squareName(b, r, c) {
    const lab = b.labels || {}, R = b.shape.rows, C = b.shape.cols;
    const nearer = (first, second, k) => str(arr(first)[k - 1] || arr(second)[k - 1]);
    const col = 2 * r > R + 1 ? nearer(lab.bottom, lab.top, c) : nearer(lab.top, lab.bottom, c);
    const row = 2 * c > C + 1 ? nearer(lab.right, lab.left, r) : nearer(lab.left, lab.right, r);
    const parts = arr(lab.name);
    if (col && row && parts.length)
      return parts.map(p => p === "column" ? col : p === "row" ? row : str(p && p.text)).join("");
    if (col && row) return col + row;
    if (col && !arr(lab.left).length && !arr(lab.right).length) return col;
    return "row " + r + ", column " + c;
  }
  function dotName(b, r, c) { return squareName(b, r, c); }
  // A line: its two dots, the left one first, else the lower one ("a1-b1", "a1-a2").
  function regionName(b, region) {
    if (!region) return "";
    if (region.kind === "sq") return squareName(b, region.r, region.c);
    const first = region.c1 < region.c2 || (region.c1 === region.c2 && region.r1 > region.r2);
    const [r1, c1, r2, c2] = first ? [region.r1, region.c1, region.r2, region.c2] : [region.r2, region.c2, region.r1, region.c1];
    return dotName(b, r1, c1) + "-" + dotName(b, r2, c2);
  }
  function labelText(svg, x, y, anchor, text) {
    svg.appendChild(sv("text", { x: x, y: y, "text-anchor": anchor, "font-size": 17, fill: "#57606a", "font-family": "sans-serif", "aria-hidden": "true" }, str(text)));
  }
  function disc(svg, cx, cy, S, fill, glyph) {
    const rr = S * 0.37, ink = inkOn(fill);
    svg.appendChild(sv("circle", { cx: cx + 1.5, cy: cy + 2.5, r: rr, fill: "rgba(0,0,0,0.25)" }));
    svg.appendChild(sv("circle", { cx: cx, cy: cy, r: rr, fill: fill, stroke: ink === "#1f2328" ? "#3d3d3d" : "#000", "stroke-width": 2 }));
    if (str(glyph)) svg.appendChild(sv("text", { x: cx, y: cy + S * 0.15, "text-anchor": "middle", "font-size": S * 0.42, "font-weight": 700, fill: ink, "font-family": "serif" }, str(glyph)));
    else svg.appendChild(sv("circle", { cx: cx, cy: cy, r: rr * 0.62, fill: "none", stroke: ink === "#1f2328" ? "#c9c9c0" : "#555", "stroke-width": 2 }));
  }

  // What a piece or fill is, in words, for a square's accessible name.
  function whoseText(who, sides, kind) {
    const side = sides && sides[who.player - 1];
    const base = (side ? side : "player " + who.player) + " " + kind;
    return str(who.glyph) ? base + " " + str(who.glyph) : base;
  }

  // Draws board `b` into `svg`. `opts` (all optional):
  //   palette: tabula's palette (required);
  //   sides: the sides' names, for the squares' accessible names;
  //   clickable: regions a click on which means something now;
  //   targets: regions to show as where a picked piece can go;
  //   places: squares where one click plays a move (a dot, or a ring round a piece);
  //   picked: the region picked by a first click;
  //   hint: regions of a suggested move;
  //   cursor: the region the keyboard's cursor is on;
  //   flip: drawn from the other side (turned half a turn: the last row on top, the
  //     last column on the left; the labels go with their rows and columns);
  //   onPick(region): called on a click (or Enter) on a clickable region.
  function draw(svg, b, opts) {
    opts = opts || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (b.shape && b.shape.kind === "lattice") drawLattice(svg, b, opts);
    else drawSquares(svg, b, opts);
  }

  function overlay(svg, shape, region, b, opts, text) {
    const clickable = arr(opts.clickable).some(r => sameRegion(r, region));
    shape.setAttribute("class", "region" + (clickable ? " clickable" : ""));
    shape.setAttribute("data-region", regionKey(region));
    shape.appendChild(sv("title", null, text));
    shape.setAttribute("aria-label", text);
    if (clickable && opts.onPick) {
      shape.setAttribute("role", "button");
      shape.style.cursor = "pointer";
      shape.addEventListener("click", () => opts.onPick(region));
    }
    svg.appendChild(shape);
  }

  function drawSquares(svg, b, opts) {
    const palette = opts.palette, R = b.shape.rows, C = b.shape.cols, lab = b.labels || {};
    if (!isNum(R) || !isNum(C)) throw new Error("bad board shape");
    const S = 60, F = b.look === "holes" ? 8 : 0;
    const L = (arr(lab.left).length ? 30 : 8) + F, T = (arr(lab.top).length ? 30 : 8) + F;
    const B = (arr(lab.bottom).length ? 30 : 8) + F, Rm = (arr(lab.right).length ? 30 : 8) + F;
    const W = L + C * S + Rm, H = T + R * S + B;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    const x = c => L + (opts.flip ? C - c : c - 1) * S, y = r => T + (opts.flip ? R - r : r - 1) * S;
    const cx = c => x(c) + S / 2, cy = r => y(r) + S / 2;
    if (b.look === "holes") {
      svg.appendChild(sv("rect", { x: L - F, y: T - F, width: C * S + 2 * F, height: R * S + 2 * F, rx: 10, fill: "#1c4eaa" }));
    } else if (b.look === "plain") {
      svg.appendChild(sv("rect", { x: L, y: T, width: C * S, height: R * S, fill: "#2e7d52" }));
      for (let r = 0; r <= R; r++) svg.appendChild(sv("line", { x1: L, y1: T + r * S, x2: L + C * S, y2: T + r * S, stroke: "#14462a", "stroke-width": 1.5 }));
      for (let c = 0; c <= C; c++) svg.appendChild(sv("line", { x1: L + c * S, y1: T, x2: L + c * S, y2: T + R * S, stroke: "#14462a", "stroke-width": 1.5 }));
    } else {
      svg.appendChild(sv("rect", { x: L - 2, y: T - 2, width: C * S + 4, height: R * S + 4, fill: "#6b4f36", rx: 3 }));
      for (let r = 1; r <= R; r++) for (let c = 1; c <= C; c++)
        svg.appendChild(sv("rect", { x: x(c), y: y(r), width: S, height: S, fill: (R - r + c) % 2 === 0 ? "#f0d9b5" : "#b58863" }));
    }
    for (const f of arr(b.fills)) {
      const col = colourOf(b, f.player, palette);
      svg.appendChild(sv("rect", { x: x(f.c) + 2, y: y(f.r) + 2, width: S - 4, height: S - 4, fill: col, "fill-opacity": 0.3 }));
      // Its text (a store's count) on a badge of its owner's colour, in the ink
      // that reads on it: legible on any board and any colour.
      if (str(f.glyph)) {
        const w = Math.max(S * 0.62, 14 + str(f.glyph).length * 13);
        svg.appendChild(sv("rect", { x: cx(f.c) - w / 2, y: cy(f.r) - S * 0.27, width: w, height: S * 0.54, rx: S * 0.27, fill: col, stroke: "rgba(0,0,0,0.45)", "stroke-width": 1.5 }));
        svg.appendChild(sv("text", { x: cx(f.c), y: cy(f.r) + 8, "text-anchor": "middle", "font-size": 23, "font-weight": 700, fill: inkOn(col), "font-family": "sans-serif" }, str(f.glyph)));
      }
    }
    for (const m of arr(b.marks)) {
      if (!m.region || m.region.kind !== "sq" || m.kind !== "last") continue;
      const r = m.region.r, c = m.region.c;
      if (b.look === "holes") svg.appendChild(sv("circle", { cx: cx(c), cy: cy(r), r: S * 0.46, fill: "rgba(255,215,0,0.55)" }));
      else svg.appendChild(sv("rect", { x: x(c), y: y(r), width: S, height: S, fill: "rgba(155,199,0,0.45)" }));
    }
    const pieces = {};
    for (const p of arr(b.pieces)) pieces[p.r + "," + p.c] = p;
    for (let r = 1; r <= R; r++) for (let c = 1; c <= C; c++) {
      const p = pieces[r + "," + c];
      if (p) disc(svg, cx(c), cy(r), S, colourOf(b, p.player, palette), p.glyph);
      else if (b.look === "holes") svg.appendChild(sv("circle", { cx: cx(c), cy: cy(r), r: S * 0.38, fill: "#f6f8fa" }));
    }
    for (const m of arr(b.marks)) {
      if (!m.region || m.region.kind !== "sq" || m.kind !== "capture") continue;
      const X0 = x(m.region.c), Y0 = y(m.region.r);
      svg.appendChild(sv("rect", { x: X0 + 2, y: Y0 + 2, width: S - 4, height: S - 4, fill: "none", stroke: "#d1242f", "stroke-width": 3.5, "stroke-dasharray": "7 4" }));
      const bx = X0 + S - 11, by = Y0 + 11;
      svg.appendChild(sv("circle", { cx: bx, cy: by, r: 9, fill: "#d1242f", stroke: "#fff", "stroke-width": 1.5 }));
      svg.appendChild(sv("path", { d: "M" + (bx - 4) + "," + (by - 4) + " L" + (bx + 4) + "," + (by + 4) + " M" + (bx + 4) + "," + (by - 4) + " L" + (bx - 4) + "," + (by + 4),
        stroke: "#fff", "stroke-width": 2.4, "stroke-linecap": "round" }));
    }
    // A hint, over the pieces and the marks of the last move: an arrow from a piece
    // to its square, or a ring on the one square a move is made at. Neither covers
    // the last move's squares or a capture's mark, which stay readable under it.
    const hint = arr(opts.hint).filter(h => h.kind === "sq");
    if (hint.length >= 2) {
      const [a, b] = [hint[0], hint[hint.length - 1]];
      const x1 = cx(a.c), y1 = cy(a.r), x2 = cx(b.c), y2 = cy(b.r);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = S * 0.3, tipX = x2 - ux * S * 0.12, tipY = y2 - uy * S * 0.12;
      const baseX = tipX - ux * head, baseY = tipY - uy * head;
      svg.appendChild(sv("line", { x1: x1 + ux * S * 0.2, y1: y1 + uy * S * 0.2, x2: baseX, y2: baseY, stroke: "#0969da", "stroke-width": 7, "stroke-opacity": 0.85, "stroke-linecap": "round", "pointer-events": "none", "data-hint": "arrow" }));
      svg.appendChild(sv("path", { d: "M" + tipX + "," + tipY + " L" + (baseX - uy * head * 0.6) + "," + (baseY + ux * head * 0.6) + " L" + (baseX + uy * head * 0.6) + "," + (baseY - ux * head * 0.6) + " Z",
        fill: "#0969da", "fill-opacity": 0.85, "pointer-events": "none" }));
    } else {
      for (const h of hint) svg.appendChild(sv("circle", { cx: cx(h.c), cy: cy(h.r), r: S * 0.3, fill: "none", stroke: "#0969da", "stroke-width": 5, "stroke-opacity": 0.85, "pointer-events": "none", "data-hint": "ring" }));
    }
    // Where one click plays a move: a dot on an empty square, a ring round a piece.
    for (const t of arr(opts.places)) {
      if (t.kind !== "sq") continue;
      // A ring in two tones, seen on a piece of any colour and on any board.
      if (pieces[t.r + "," + t.c]) {
        svg.appendChild(sv("circle", { cx: cx(t.c), cy: cy(t.r), r: S * 0.44, fill: "none", stroke: "#fff", "stroke-width": 5, "stroke-opacity": 0.9, "pointer-events": "none" }));
        svg.appendChild(sv("circle", { cx: cx(t.c), cy: cy(t.r), r: S * 0.44, fill: "none", stroke: "#0969da", "stroke-width": 2.5, "pointer-events": "none", "data-place": regionKey(t) }));
      }
      else svg.appendChild(sv("circle", { cx: cx(t.c), cy: cy(t.r), r: S * 0.15, fill: "rgba(31,35,40,0.5)", stroke: "rgba(255,255,255,0.8)", "stroke-width": 2, "pointer-events": "none", "data-place": regionKey(t) }));
    }
    // Where the piece picked by a first click can go.
    for (const t of arr(opts.targets)) {
      if (t.kind === "sq") svg.appendChild(sv("circle", { cx: cx(t.c), cy: cy(t.r), r: S * 0.14, fill: "rgba(31,35,40,0.45)" }));
    }
    if (opts.picked && opts.picked.kind === "sq")
      svg.appendChild(sv("rect", { x: x(opts.picked.c) + 2, y: y(opts.picked.r) + 2, width: S - 4, height: S - 4, fill: "none", stroke: "#0969da", "stroke-width": 4 }));
    arr(lab.left).forEach((t, i) => labelText(svg, L - F - 9, cy(i + 1) + 6, "end", t));
    arr(lab.right).forEach((t, i) => labelText(svg, L + C * S + F + 9, cy(i + 1) + 6, "start", t));
    arr(lab.top).forEach((t, i) => labelText(svg, cx(i + 1), T - F - 9, "middle", t));
    arr(lab.bottom).forEach((t, i) => labelText(svg, cx(i + 1), T + R * S + F + 21, "middle", t));
    // On top: one transparent square a cell, named for screen readers, clickable when
    // a move starts or ends there.
    for (let r = 1; r <= R; r++) for (let c = 1; c <= C; c++) {
      const region = { kind: "sq", r: r, c: c };
      const p = pieces[r + "," + c], f = arr(b.fills).find(q => q.r === r && q.c === c);
      const what = p ? whoseText(p, opts.sides, "piece") : f ? whoseText(f, opts.sides, "area") : "empty";
      overlay(svg, sv("rect", { x: x(c), y: y(r), width: S, height: S, fill: "transparent" }), region, b, opts, squareName(b, r, c) + ": " + what);
    }
    if (opts.cursor && opts.cursor.kind === "sq")
      svg.appendChild(sv("rect", { x: x(opts.cursor.c) + 1, y: y(opts.cursor.r) + 1, width: S - 2, height: S - 2, fill: "none", stroke: "#1f2328", "stroke-width": 2.5, "stroke-dasharray": "5 3", "pointer-events": "none" }));
  }

  function drawLattice(svg, b, opts) {
    const palette = opts.palette, R = b.shape.rows, C = b.shape.cols, lab = b.labels || {};
    if (!isNum(R) || !isNum(C)) throw new Error("bad board shape");
    const S = 64, M = 40;
    const W = 2 * M + (C - 1) * S, H = 2 * M + (R - 1) * S;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    const X = c => M + (opts.flip ? C - c : c - 1) * S, Y = r => M + (opts.flip ? R - r : r - 1) * S;
    // A box's or a side's top left corner, whichever way the board is turned.
    const X0 = c => Math.min(X(c), X(c + 1)), Y0 = r => Math.min(Y(r), Y(r + 1));
    svg.appendChild(sv("rect", { x: 0, y: 0, width: W, height: H, rx: 8, fill: "#fcfcfa", stroke: "#e1e4e8" }));
    const guide = sv("g", { stroke: "#e3e6ea", "stroke-width": 2, "stroke-dasharray": "3 6" });
    for (let r = 1; r <= R; r++) for (let c = 1; c < C; c++) guide.appendChild(sv("line", { x1: X(c), y1: Y(r), x2: X(c + 1), y2: Y(r) }));
    for (let r = 1; r < R; r++) for (let c = 1; c <= C; c++) guide.appendChild(sv("line", { x1: X(c), y1: Y(r), x2: X(c), y2: Y(r + 1) }));
    svg.appendChild(guide);
    for (const f of arr(b.fills)) {
      const col = colourOf(b, f.player, palette);
      svg.appendChild(sv("rect", { x: X0(f.c) + 3, y: Y0(f.r) + 3, width: S - 6, height: S - 6, fill: col, "fill-opacity": 0.25 }));
      if (str(f.glyph)) svg.appendChild(sv("text", { x: X0(f.c) + S / 2, y: Y0(f.r) + S / 2 + 8, "text-anchor": "middle", "font-size": 22, "font-weight": 700,
        fill: col, "fill-opacity": 0.9, "font-family": "sans-serif" }, str(f.glyph)));
    }
    for (const l of arr(b.lines)) {
      const col = colourOf(b, l.player, palette);
      const last = marksOn(b, { kind: "line", r1: l.r1, c1: l.c1, r2: l.r2, c2: l.c2 }).indexOf("last") >= 0;
      const at = { x1: X(l.c1), y1: Y(l.r1), x2: X(l.c2), y2: Y(l.r2) };
      if (last) svg.appendChild(sv("line", Object.assign({ stroke: "#1f2328", "stroke-opacity": 0.28, "stroke-width": 17, "stroke-linecap": "round" }, at)));
      svg.appendChild(sv("line", Object.assign({ stroke: col, "stroke-width": last ? 9 : 6, "stroke-linecap": "round" }, at)));
    }
    for (const h of arr(opts.hint)) {
      if (h.kind === "line") svg.appendChild(sv("line", { x1: X(h.c1), y1: Y(h.r1), x2: X(h.c2), y2: Y(h.r2), stroke: "#0969da", "stroke-width": 8, "stroke-opacity": 0.55, "stroke-linecap": "round" }));
    }
    for (let r = 1; r <= R; r++) for (let c = 1; c <= C; c++) svg.appendChild(sv("circle", { cx: X(c), cy: Y(r), r: 5.5, fill: "#24292f" }));
    arr(lab.top).forEach((t, i) => labelText(svg, X(i + 1), 20, "middle", t));
    arr(lab.bottom).forEach((t, i) => labelText(svg, X(i + 1), H - 8, "middle", t));
    arr(lab.left).forEach((t, i) => labelText(svg, 18, Y(i + 1) + 6, "middle", t));
    arr(lab.right).forEach((t, i) => labelText(svg, W - 16, Y(i + 1) + 6, "middle", t));
    // On top: a wide transparent stroke along each side between two dots, named, and
    // clickable when a move draws it.
    const drawn = region => arr(b.lines).some(l => sameRegion(region, { kind: "line", r1: l.r1, c1: l.c1, r2: l.r2, c2: l.c2 }));
    const side = (r1, c1, r2, c2) => {
      const region = { kind: "line", r1: r1, c1: c1, r2: r2, c2: c2 };
      // A band along the side, short of the dots (a line's own box has no width).
      const across = 24, inset = 9;
      const box = r1 === r2
        ? { x: X0(c1) + inset, y: Y(r1) - across / 2, width: S - 2 * inset, height: across }
        : { x: X(c1) - across / 2, y: Y0(r1) + inset, width: across, height: S - 2 * inset };
      overlay(svg, sv("rect", Object.assign({ fill: "transparent", rx: 6 }, box)),
        region, b, opts, regionName(b, region) + (drawn(region) ? ": drawn" : ": open"));
    };
    for (let r = 1; r <= R; r++) for (let c = 1; c < C; c++) side(r, c, r, c + 1);
    for (let r = 1; r < R; r++) for (let c = 1; c <= C; c++) side(r, c, r + 1, c);
    const k = opts.cursor;
    if (k && k.kind === "line")
      svg.appendChild(sv("line", { x1: X(k.c1), y1: Y(k.r1), x2: X(k.c2), y2: Y(k.r2), stroke: "#1f2328", "stroke-width": 3, "stroke-dasharray": "5 4", "pointer-events": "none" }));
  }

  return { draw: draw, colourOf: colourOf, sameRegion: sameRegion, regionName: regionName, regionKey: regionKey };
})();
