"use strict";
// The words of the glossary map: each term's label where it fits, and far out, where labels
// have no room, each topic's name over its island, as a geographic map names regions before
// towns. A part of the page's one inline script, put before map.js, which makes the placer
// with glossgraphWords and calls its draw once a frame, after the discs.
//
// A word is placed by the box it is drawn in, its text's ink and halo as measured, so that
// what the tests read back (api.geometry) is what the reader sees: no label covers a disc of
// the frame or another label or a topic name, no topic name covers another, every word is
// whole on the canvas and none lies under the legend, the zoom buttons or an open panel.
// The selection's labels are placed first, then the topics' names, then the other labels.
/* exported glossgraphWords */

// The placer, reading the map's data and view through `map`.
function glossgraphWords(map) {
  const { $, ctx, canvas, data, topics, topicOf, topicSize, byTopicSize, topicShown, X, Y, rank, near, visible, seen } = map;
  const { adjStart, adj, inRect, screenR, squareR, BASE_RADIUS, toScreenX, toScreenY, toWorldX, toWorldY } = map;
  const FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const FONT_BOLD = "600 13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const FONT_TOPIC = "600 15px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  // Terms lie about 100 units apart; `room` is that distance on screen, in pixels. Labels
  // start at LABELS_FROM; the topics' names fade out as the labels come, gone at NAMES_UNTIL.
  const LABELS_FROM = 22;
  const NAMES_UNTIL = 52;
  const MAX_LABEL_NODES = 5000;
  const MAX_LABELS = 800;
  const MAX_NAMES = 80;
  // The halo around a label's letters, in pixels.
  const HALO = 1.5;

  // ---- The topics' names: where, what, in which colour ----------------------------------
  // Each island's middle (the mean of its terms) and its top and bottom, in world units.
  const middleX = new Float64Array(topics.length);
  const middleY = new Float64Array(topics.length);
  const top = new Float64Array(topics.length).fill(Infinity);
  const bottom = new Float64Array(topics.length).fill(-Infinity);
  for (let i = 0; i < X.length; i++) {
    const t = topicOf[i];
    middleX[t] += X[i] / topicSize[t];
    middleY[t] += Y[i] / topicSize[t];
    top[t] = Math.min(top[t], Y[i]);
    bottom[t] = Math.max(bottom[t], Y[i]);
  }
  // The name of the region, as the SVG writes it: the centre term, without "around" nor a
  // parenthesis ("around NVMe over Fabrics (NVMe-oF)" is "NVMe over Fabrics"); the legend
  // and the filters keep the whole name.
  const region = topics.map(([, name]) => {
    const term = name.startsWith("around ") ? name.slice(7) : name;
    const cut = term.lastIndexOf(" (");
    return cut > 0 ? term.slice(0, cut) : term;
  });
  // In its topic's colour, darkened (or, on a dark map, lightened) until it reads as text.
  const mix = (hex, toward, k) => {
    const v = parseInt(hex.slice(1), 16);
    const c = [v >> 16, (v >> 8) & 255, v & 255].map((x) => Math.round(x + (toward - x) * k));
    return `rgb(${c.join(",")})`;
  };
  const regionColour = topics.map(([, , colour]) => [mix(colour, 0, 0.45), mix(colour, 255, 0.45)]);

  // The box a text is drawn in at (x, y), with textBaseline middle and a halo of `halo`
  // pixels: [left, up, right, down] from (x, y).
  const extent = (text, halo) => {
    const m = ctx.measureText(text);
    const left = Math.max(0, m.actualBoundingBoxLeft);
    const right = Math.max(m.width, m.actualBoundingBoxRight);
    return [left + halo, m.actualBoundingBoxAscent + halo, right + halo, m.actualBoundingBoxDescent + halo];
  };
  // Each term's label extent in the regular font, measured once, when first needed (NaN
  // until then): measuring is what a frame of many candidates would spend its time on.
  const inked = new Float32Array(4 * X.length).fill(NaN);
  const labelExtent = (i, bold) => {
    if (bold) return extent(data.term[i], HALO);
    if (Number.isNaN(inked[4 * i])) inked.set(extent(data.term[i], HALO), 4 * i);
    return inked.subarray(4 * i, 4 * i + 4);
  };

  // What covers the canvas (legend, zoom buttons, open panels): [x0, y0, x1, y1, id] in
  // canvas pixels.
  const overlays = () => {
    const stage = canvas.getBoundingClientRect();
    const boxes = [];
    for (const id of ["legend", "zoom-buttons", "panel", "filters"]) {
      const e = $(id);
      if (e.hidden) continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push([r.left - stage.left, r.top - stage.top, r.right - stage.left, r.bottom - stage.top, id]);
    }
    return boxes;
  };

  // Places the topics' names (largest topics first), each at its island's middle, or else
  // just above or below the island, whole on the canvas where the grid is free; returns them
  // as [box, x, y, topic].
  function placeNames(f) {
    ctx.font = FONT_TOPIC;
    const names = [];
    for (const t of byTopicSize) {
      if (!topicShown[t] || !topicSize[t]) continue;
      const cx = toScreenX(middleX[t]);
      const cy = toScreenY(middleY[t]);
      if (cx < 0 || cx > f.width || cy < 0 || cy > f.height) continue;
      const [left, up, right, down] = extent(region[t], 2);
      // Centred on the island, moved sideways as little as keeps it whole on the canvas.
      const x = Math.max(left + 2, Math.min(f.width - right - 2, cx + (left - right) / 2));
      for (const y of [cy, toScreenY(top[t]) - 3 - down, toScreenY(bottom[t]) + 3 + up]) {
        const box = [x - left, y - up, x + right, y + down];
        if (!free(box, f)) continue;
        take(box, f);
        names.push([box, x, y, t]);
        break;
      }
      if (names.length >= MAX_NAMES) break;
    }
    return names;
  }

  // The terms to label, in order: the selected and hovered terms, then (where there is room)
  // the selection's neighbours and the best-linked terms; far out, the selection's neighbours.
  function candidates(f, labelsOn) {
    const { selected, hovered, stamp } = f;
    const list = [];
    if (selected >= 0 && seen[selected] === stamp) list.push(selected);
    if (hovered >= 0 && seen[hovered] === stamp && hovered !== selected) list.push(hovered);
    if (labelsOn) {
      const rest = [];
      // With a term selected, the others' labels only once there is room for them too.
      const others = selected < 0 || f.room >= 45;
      for (let k = 0; k < f.count; k++) {
        const i = visible[k];
        if (i !== selected && i !== hovered && (others || near[i])) rest.push(i);
      }
      rest.sort((a, b) => (near[b] > 0) - (near[a] > 0) || rank[a] - rank[b]);
      for (const i of rest) list.push(i);
    } else if (selected >= 0) {
      for (let j = adjStart[selected]; j < adjStart[selected + 1]; j++) if (seen[adj[j]] === stamp) list.push(adj[j]);
    }
    return list;
  }

  // Placed words mark the cells of a fine grid over the canvas: a box is free when it lies on
  // the canvas and none of its cells is marked (two boxes that meet share a cell, so a free
  // box meets no placed one). A label is shown whole or not at all.
  const CW = 8;
  const CH = 6;
  let gridCols = 0;
  let occupied = new Uint8Array(0);
  const clearGrid = (width, height) => {
    gridCols = Math.ceil(width / CW) + 1;
    const cells = gridCols * (Math.ceil(height / CH) + 1);
    if (occupied.length < cells) occupied = new Uint8Array(cells);
    else occupied.fill(0);
  };
  const free = (box, f) => {
    if (box[0] < 0 || box[1] < 0 || box[2] > f.width || box[3] > f.height) return false;
    for (let r = Math.floor(box[1] / CH); r <= Math.floor(box[3] / CH); r++)
      for (let c = Math.floor(box[0] / CW); c <= Math.floor(box[2] / CW); c++) if (occupied[r * gridCols + c]) return false;
    return true;
  };
  const take = (box, f) => {
    const r1 = Math.floor(Math.min(box[3], f.height) / CH);
    const c1 = Math.floor(Math.min(box[2], f.width) / CW);
    for (let r = Math.max(0, Math.floor(box[1] / CH)); r <= r1; r++)
      for (let c = Math.max(0, Math.floor(box[0] / CW)); c <= c1; c++) occupied[r * gridCols + c] = 1;
  };

  // Whether the box covers no disc of the frame but term i's own (a square by its outer
  // circle); the discs near it are found through the grid and tested exactly.
  function clearOfDiscs(f, i, box) {
    const { s, stamp } = f;
    const circles = s * BASE_RADIUS >= 2.5;
    let clear = true;
    inRect(toWorldX(box[0]), toWorldY(box[1]), toWorldX(box[2]), toWorldY(box[3]), (j) => {
      if (!clear || j === i || seen[j] !== stamp) return;
      const r = circles ? screenR(j, s) : squareR(j, s) * Math.SQRT2;
      const cx = toScreenX(X[j]);
      const cy = toScreenY(Y[j]);
      const dx = Math.max(box[0], Math.min(cx, box[2])) - cx;
      const dy = Math.max(box[1], Math.min(cy, box[3])) - cy;
      if (dx * dx + dy * dy < r * r) clear = false;
    });
    return clear;
  }

  // Places and draws the labels of `list` (at most `most`), each right of its term, else left,
  // below, above or at a corner, wherever its box is free and clear of discs; returns how many.
  function drawLabels(f, list, record, most) {
    const { s, selected, hovered, theme } = f;
    let placed = 0;
    for (const i of list) {
      if (placed >= most) break;
      const bold = i === selected || i === hovered;
      ctx.font = bold ? FONT_BOLD : FONT;
      const text = data.term[i];
      const [left, up, right, down] = labelExtent(i, bold);
      const sx = toScreenX(X[i]);
      const sy = toScreenY(Y[i]);
      const gap = Math.max(3, screenR(i, s)) + 3;
      // Where the label's box may go: beside, below or above its term (centred, then slid half
      // a line or to one side), then at a corner; the point of the box nearest the term is
      // `gap` from it.
      const corner = gap * 0.71;
      const half = (up + down) / 2;
      const spots = [
        [sx + gap + left, sy],
        [sx - gap - right, sy],
        [sx + (left - right) / 2, sy + gap + up],
        [sx + (left - right) / 2, sy - gap - down],
        [sx + gap + left, sy - half],
        [sx + gap + left, sy + half],
        [sx - gap - right, sy - half],
        [sx - gap - right, sy + half],
        [sx - gap + left, sy + gap + up],
        [sx + gap - right, sy + gap + up],
        [sx - gap + left, sy - gap - down],
        [sx + gap - right, sy - gap - down],
        [sx + corner + left, sy - corner - down],
        [sx + corner + left, sy + corner + up],
        [sx - corner - right, sy - corner - down],
        [sx - corner - right, sy + corner + up],
      ];
      const boxAt = ([x, y]) => [x - left, y - up, x + right, y + down];
      const fits = (spot) => free(boxAt(spot), f) && clearOfDiscs(f, i, boxAt(spot));
      // The selected or hovered term's name is always shown: where it fits, as a label;
      // where nothing fits, as a callout on a plate of its own, over the map.
      const spot = spots.find(fits);
      if (!spot && !bold) continue;
      const [x, y] = spot || spots[0];
      const box = boxAt([x, y]);
      take(box, f);
      if (record) (spot ? record.labels : record.callouts).push([...box, text]);
      if (!spot) {
        ctx.globalAlpha = 1;
        ctx.fillStyle = theme.plate;
        ctx.strokeStyle = theme.edge;
        ctx.lineWidth = 1;
        ctx.fillRect(box[0] - 3, box[1] - 2, box[2] - box[0] + 6, box[3] - box[1] + 4);
        ctx.strokeRect(box[0] - 3, box[1] - 2, box[2] - box[0] + 6, box[3] - box[1] + 4);
      }
      ctx.globalAlpha = selected >= 0 && !near[i] ? 0.35 : 1;
      ctx.strokeStyle = theme.halo;
      ctx.lineWidth = 2 * HALO;
      ctx.strokeText(text, x, y);
      ctx.fillStyle = theme.fg;
      ctx.fillText(text, x, y);
      placed++;
    }
    ctx.globalAlpha = 1;
    return placed;
  }

  // Draws the frame's words: the topics' names where labels are few or none, the labels
  // where they fit. `f` is the frame: {s, count, stamp, width, height, theme, selected,
  // hovered}; `record`, when given, receives the boxes drawn. Returns the counts.
  function draw(f, record) {
    f.room = f.s * 100;
    const labelsOn = f.count <= MAX_LABEL_NODES && f.room >= LABELS_FROM;
    const fade = labelsOn ? (NAMES_UNTIL - f.room) / (NAMES_UNTIL - LABELS_FROM) : 1;
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    const covered = overlays();
    clearGrid(f.width, f.height);
    for (const box of covered) take(box, f);
    if (record) {
      record.overlays = covered;
      record.labels = [];
      record.callouts = [];
    }
    // The labels of the selection (and of the hovered term) first, then the topics' names,
    // then the other labels.
    const list = candidates(f, labelsOn);
    let first = 0;
    while (first < list.length && (near[list[first]] > 0 || list[first] === f.hovered)) first++;
    let labels = drawLabels(f, list.slice(0, first), record, MAX_LABELS);
    const names = f.count > 0 && fade > 0 ? placeNames(f) : [];
    if (record) record.topicNames = names.map(([box, , , t]) => [...box, region[t]]);
    labels += drawLabels(f, list.slice(first), record, MAX_LABELS - labels);
    // The names over the labels' halos, faded as the labels come (and beside a selection).
    ctx.font = FONT_TOPIC;
    ctx.lineWidth = 4;
    ctx.strokeStyle = f.theme.halo;
    ctx.globalAlpha = Math.min(1, 0.25 + fade) * (f.selected >= 0 ? 0.6 : 1);
    for (const [, x, y, t] of names) {
      ctx.strokeText(region[t], x, y);
      ctx.fillStyle = regionColour[t][f.theme.dark ? 1 : 0];
      ctx.fillText(region[t], x, y);
    }
    ctx.globalAlpha = 1;
    return { labels, topicNames: names.length };
  }

  return { draw };
}
