// The glossary map: draws the terms glossgraph placed, on a canvas, and lets a reader search,
// filter, zoom and read the cards. Written for this page alone: no library, no network.
//
// Shape: the data block is read once into typed arrays (positions, topics, statuses, edges as
// adjacency lists); a uniform grid over the map answers "which terms are on screen" and "which
// term is under the pointer" without visiting all of them, so a frame costs what is visible.
// How much is drawn follows the zoom (level of detail): dots and the topics' names when far,
// then edges, arrows and labels as there is room for them (words.js places the words). Card
// texts reach the page with textContent only.
"use strict";
/* global glossgraphFilters, glossgraphPanel, glossgraphWords */

(() => {
  const startedAt = performance.now();
  const data = JSON.parse(document.getElementById("glossary-data").textContent);
  const n = data.slug.length;
  const $ = (id) => document.getElementById(id);

  // ---- The terms, as typed arrays -------------------------------------------------------
  const X = Float64Array.from(data.x);
  const Y = Float64Array.from(data.y);
  const topicOf = Uint32Array.from(data.topic);
  const statusOf = Int32Array.from(data.status);
  const bySlug = new Map();
  for (let i = 0; i < n; i++) bySlug.set(data.slug[i], i);

  // Adjacency (compressed rows): every neighbour of i, and for each the kind of link:
  // 0 related, 1 i supersedes it (i is the newer term), 2 it supersedes i, 3 it is broader
  // than i (i is the narrower term), 4 i is broader than it, 5 i's text links it, 6 its text
  // links i (a term link). LINE_OF: the line each is drawn as (0 related, 1 supersedes,
  // 2 broader, 3 term link).
  const degree = new Uint32Array(n);
  const rel = data.related;
  const sup = data.supersedes;
  const bro = data.broader || [];
  const tl = data.termLinks || [];
  const LINE_OF = [0, 1, 1, 2, 2, 3, 3];
  for (let k = 0; k < rel.length; k++) degree[rel[k]]++;
  for (let k = 0; k < sup.length; k++) degree[sup[k]]++;
  for (let k = 0; k < bro.length; k++) degree[bro[k]]++;
  for (let k = 0; k < tl.length; k++) degree[tl[k]]++;
  const adjStart = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) adjStart[i + 1] = adjStart[i] + degree[i];
  const adj = new Uint32Array(adjStart[n]);
  const adjKind = new Uint8Array(adjStart[n]);
  {
    const fill = adjStart.slice(0, n);
    const add = (a, b, kind) => {
      adj[fill[a]] = b;
      adjKind[fill[a]++] = kind;
    };
    for (let k = 0; k < rel.length; k += 2) {
      add(rel[k], rel[k + 1], 0);
      add(rel[k + 1], rel[k], 0);
    }
    // supersedes runs from the old term to its replacement.
    for (let k = 0; k < sup.length; k += 2) {
      add(sup[k], sup[k + 1], 2);
      add(sup[k + 1], sup[k], 1);
    }
    // broader runs from the narrower term to the broader.
    for (let k = 0; k < bro.length; k += 2) {
      add(bro[k], bro[k + 1], 3);
      add(bro[k + 1], bro[k], 4);
    }
    // A term link runs from the linking term to the linked one.
    for (let k = 0; k < tl.length; k += 2) {
      add(tl[k], tl[k + 1], 5);
      add(tl[k + 1], tl[k], 6);
    }
  }
  // An edge's head: none, filled (supersedes), hollow (broader), small (a term link); and
  // whether an edge of kind `akind` seen from i runs towards i.
  const FILLED = 1;
  const HOLLOW = 2;
  const SMALL = 3;
  const headOf = (akind) => (akind === 0 ? 0 : akind >= 5 ? SMALL : akind >= 3 ? HOLLOW : FILLED);
  const towards = (akind) => akind === 1 || akind === 4 || akind === 6;
  // World radius of a term: better-linked terms are a little larger.
  const BASE_RADIUS = 13;
  const radius = new Float32Array(n);
  for (let i = 0; i < n; i++) radius[i] = BASE_RADIUS * Math.min(2.2, 0.8 + 0.22 * Math.sqrt(degree[i]));

  // Label priority: best-linked first, then node order.
  const byDegree = new Uint32Array(n);
  for (let i = 0; i < n; i++) byDegree[i] = i;
  byDegree.sort((a, b) => degree[b] - degree[a] || a - b);
  const rank = new Uint32Array(n);
  for (let k = 0; k < n; k++) rank[byDegree[k]] = k;

  // ---- The spatial grid -----------------------------------------------------------------
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, X[i]);
    maxX = Math.max(maxX, X[i]);
    minY = Math.min(minY, Y[i]);
    maxY = Math.max(maxY, Y[i]);
  }
  if (n === 0) minX = minY = maxX = maxY = 0;
  // About four terms per cell; never more cells than four per term.
  let cell = 200;
  while (Math.ceil((maxX - minX + 1) / cell) * Math.ceil((maxY - minY + 1) / cell) > 4 * n + 16) cell *= 2;
  const cols = Math.ceil((maxX - minX + 1) / cell);
  const rows = Math.ceil((maxY - minY + 1) / cell);
  const cellOf = (i) =>
    Math.min(rows - 1, Math.floor((Y[i] - minY) / cell)) * cols + Math.min(cols - 1, Math.floor((X[i] - minX) / cell));
  const cellStart = new Uint32Array(cols * rows + 1);
  const cellItems = new Uint32Array(n);
  {
    const count = new Uint32Array(cols * rows);
    for (let i = 0; i < n; i++) count[cellOf(i)]++;
    for (let c = 0; c < cols * rows; c++) cellStart[c + 1] = cellStart[c] + count[c];
    const fill = cellStart.slice(0, cols * rows);
    for (let i = 0; i < n; i++) cellItems[fill[cellOf(i)]++] = i;
  }
  // Calls f(i) for every term whose position lies in the world rectangle (with a margin
  // for the largest radius).
  const inRect = (x0, y0, x1, y1, f) => {
    const margin = BASE_RADIUS * 2.2;
    const c0 = Math.max(0, Math.floor((x0 - margin - minX) / cell));
    const c1 = Math.min(cols - 1, Math.floor((x1 + margin - minX) / cell));
    const r0 = Math.max(0, Math.floor((y0 - margin - minY) / cell));
    const r1 = Math.min(rows - 1, Math.floor((y1 + margin - minY) / cell));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const k = r * cols + c;
        for (let j = cellStart[k]; j < cellStart[k + 1]; j++) f(cellItems[j]);
      }
    }
  };

  // No disc may reach another, at any zoom: a term's disc is at most just under half the
  // distance to its nearest neighbour (`limit`, world units); the zoom scales both alike.
  const limit = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let nearest = Infinity;
    const far = 2 * BASE_RADIUS * 2.2;
    inRect(X[i] - far, Y[i] - far, X[i] + far, Y[i] + far, (j) => {
      if (j !== i) nearest = Math.min(nearest, Math.hypot(X[j] - X[i], Y[j] - Y[i]));
    });
    limit[i] = 0.49 * nearest;
    radius[i] = Math.min(radius[i], limit[i]);
  }
  // A term's radius on screen at scale s: never under a pixel and a bit where its neighbours
  // leave room for it; as a square (far out), small enough that squares keep apart too.
  const screenR = (i, s) => Math.min(Math.max(1.2, radius[i] * s), limit[i] * s);
  const squareR = (i, s) => Math.min(Math.max(1.2, radius[i] * s), 0.7 * limit[i] * s);

  // ---- Filters --------------------------------------------------------------------------
  const topics = data.topics;
  const topicSize = new Uint32Array(topics.length);
  for (let i = 0; i < n; i++) topicSize[topicOf[i]]++;
  const byTopicSize = [...topics.keys()].sort((a, b) => topicSize[b] - topicSize[a] || a - b);
  const statusShown = new Uint8Array(data.statuses.length + 1).fill(1); // last: no status
  const topicShown = new Uint8Array(topics.length).fill(1);
  const shown = new Uint8Array(n).fill(1);
  let shownCount = n;
  const statusSlot = (i) => (statusOf[i] < 0 ? data.statuses.length : statusOf[i]);
  const applyFilters = () => {
    shownCount = 0;
    for (let i = 0; i < n; i++) {
      shown[i] = statusShown[statusSlot(i)] & topicShown[topicOf[i]];
      shownCount += shown[i];
    }
    const terms = `${n.toLocaleString("en")} ${n === 1 ? "term" : "terms"}`;
    $("count").textContent = shownCount === n ? terms : `${shownCount.toLocaleString("en")} of ${terms}`;
    requestDraw();
  };

  // ---- Colours --------------------------------------------------------------------------
  // Each topic's colour comes with the data: the same as in every other export.
  const topicColor = (t) => topics[t][2];
  // The ring of a status: its dark colour on a light map, its light fill on a dark one.
  const statusRing = (i) => (statusOf[i] < 0 ? null : data.statuses[statusOf[i]][theme.dark ? 1 : 2]);
  let theme = {};
  const readTheme = () => {
    const style = getComputedStyle(document.documentElement);
    const get = (name) => style.getPropertyValue(name).trim();
    theme = {
      bg: get("--map-bg"),
      fg: get("--fg"),
      edge: get("--edge"),
      arrow: get("--arrow"),
      broader: get("--broader"),
      termLink: get("--term-link"),
      halo: get("--halo"),
      plate: get("--panel"),
      ring: get("--ring"),
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
    };
  };

  // ---- The view -------------------------------------------------------------------------
  const canvas = $("map");
  const ctx = canvas.getContext("2d", { alpha: false });
  let width = 1;
  let height = 1;
  let dpr = 1;
  const view = { x: (minX + maxX) / 2, y: (minY + maxY) / 2, scale: 1 };
  const MAX_SCALE = 4;
  const minScale = () => Math.min(0.5, fitScale(width, height) / 2);
  // The scale at which the whole map fits a part of the canvas `across` by `down` pixels.
  const fitScale = (across, down, boxW = maxX - minX, boxH = maxY - minY) => {
    const w = Math.max(boxW + 4 * BASE_RADIUS, 200);
    const h = Math.max(boxH + 4 * BASE_RADIUS, 200);
    return Math.min(MAX_SCALE / 2, Math.min(across / w, down / h) * 0.92);
  };
  const toScreenX = (x) => (x - view.x) * view.scale + width / 2;
  const toScreenY = (y) => (y - view.y) * view.scale + height / 2;
  const toWorldX = (sx) => (sx - width / 2) / view.scale + view.x;
  const toWorldY = (sy) => (sy - height / 2) / view.scale + view.y;
  const clampScale = (s) => Math.max(minScale(), Math.min(MAX_SCALE, s));
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  let animation = null;
  // The part of the canvas nothing covers: left of the card (above it, on a phone), and right
  // of the legend when it is open and leaves most of the width. The map is fitted, and a
  // selection centred, there: the legend and the card move the map aside, not cover it.
  const clearArea = () => {
    const stage = canvas.getBoundingClientRect();
    const area = { left: 0, top: 0, right: width, bottom: height };
    const panel = $("panel");
    if (!panel.hidden) {
      const box = panel.getBoundingClientRect();
      if (box.top > stage.top + 10) area.bottom = Math.max(120, box.top - stage.top);
      else area.right = Math.max(120, box.left - stage.left);
    }
    const legend = $("legend");
    const edge = legend.getBoundingClientRect().right - stage.left + 8;
    const open = legend.offsetWidth > 0 && legend.querySelector("[aria-expanded=true]");
    if (open && edge < 0.4 * area.right) area.left = edge;
    return area;
  };
  // The view that shows the box x0..x1, y0..y1 of the map in the clear area.
  const fitBox = (x0, y0, x1, y1) => {
    const area = clearArea();
    const scale = fitScale(area.right - area.left, area.bottom - area.top, x1 - x0, y1 - y0);
    return {
      x: (x0 + x1) / 2 + (width / 2 - (area.left + area.right) / 2) / scale,
      y: (y0 + y1) / 2 + (height / 2 - (area.top + area.bottom) / 2) / scale,
      scale,
    };
  };
  // The view that shows the whole map.
  const fit = () => fitBox(minX, minY, maxX, maxY);
  // The view that shows the terms of topic t.
  const fitTopic = (t) => {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      if (topicOf[i] !== t) continue;
      x0 = Math.min(x0, X[i]);
      y0 = Math.min(y0, Y[i]);
      x1 = Math.max(x1, X[i]);
      y1 = Math.max(y1, Y[i]);
    }
    return x0 <= x1 ? fitBox(x0, y0, x1, y1) : fit();
  };
  const moveTo = (target, animate) => {
    target.scale = clampScale(target.scale);
    if (!animate || reducedMotion.matches) {
      Object.assign(view, target);
      animation = null;
      requestDraw();
      return;
    }
    animation = { from: { ...view }, to: target, start: performance.now() };
    requestDraw();
  };
  const zoomAt = (factor, sx, sy) => {
    const wx = toWorldX(sx);
    const wy = toWorldY(sy);
    animation = null;
    view.scale = clampScale(view.scale * factor);
    view.x = wx - (sx - width / 2) / view.scale;
    view.y = wy - (sy - height / 2) / view.scale;
    requestDraw();
  };
  const panBy = (dx, dy) => {
    animation = null;
    view.x -= dx / view.scale;
    view.y -= dy / view.scale;
    requestDraw();
  };

  // ---- Selection ------------------------------------------------------------------------
  let selected = -1;
  let hovered = -1;
  const near = new Uint8Array(n); // 2 the selected term, 1 its neighbours
  const setSelected = (i) => {
    if (selected >= 0) {
      near[selected] = 0;
      for (let j = adjStart[selected]; j < adjStart[selected + 1]; j++) near[adj[j]] = 0;
    }
    selected = i;
    if (i >= 0) {
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) near[adj[j]] = 1;
      near[i] = 2;
    }
  };

  // ---- Drawing --------------------------------------------------------------------------
  // What the last frame drew, in screen pixels, for the tests (api.geometry): kept only when
  // asked (api.record), so that a frame of 100k terms costs nothing more.
  let recording = false;
  const recorded = { discs: [], arrows: [], hollow: [], small: [], labels: [], callouts: [], topicNames: [], overlays: [] };
  let frame = 0;
  const stats = { nodes: 0, edges: 0, labels: 0, topicNames: 0, ms: 0, cardMs: 0 };
  const requestDraw = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };
  const visible = new Uint32Array(n);
  const seen = new Uint32Array(n); // frame stamp: on screen in this frame
  let stamp = 0;
  const bucketStart = new Uint32Array(topics.length + 1);
  const bucketed = new Uint32Array(n);
  const MAX_EDGE_NODES = 20000;

  function draw(now) {
    frame = 0;
    const t0 = performance.now();
    if (animation) {
      const k = Math.min(1, (now - animation.start) / 350);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      const { from, to } = animation;
      // Zoom moves geometrically, the centre linearly.
      view.scale = from.scale * (to.scale / from.scale) ** e;
      view.x = from.x + (to.x - from.x) * e;
      view.y = from.y + (to.y - from.y) * e;
      if (k < 1) requestDraw();
      else animation = null;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = theme.bg;
    ctx.fillRect(0, 0, width, height);

    // What is on screen.
    stamp++;
    let count = 0;
    inRect(toWorldX(0), toWorldY(0), toWorldX(width), toWorldY(height), (i) => {
      if (shown[i] || near[i] === 2) {
        visible[count++] = i;
        seen[i] = stamp;
      }
    });
    const s = view.scale;
    const dim = selected >= 0;

    // Edges, when few enough terms are on screen to be worth the lines.
    // Terms lie about 100 units apart: `room` is that distance on screen. Closer than 10
    // pixels, edges would only grey the map over; they fade in as the terms move apart.
    const room = s * 100;
    let edges = 0;
    if (recording) {
      recorded.arrows = [];
      recorded.hollow = [];
      recorded.small = [];
    }
    if (count <= MAX_EDGE_NODES && room >= 10) {
      // Supersedes with its arrowhead (old -> new), broader with a hollow one (narrower ->
      // broader), eight pixels at least, once terms are far enough apart for the heads not to
      // crowd the map.
      const arrows = room >= 25;
      ctx.lineWidth = Math.max(0.6, Math.min(1.6, s * 1.2));
      ctx.globalAlpha = dim ? 0.12 : Math.max(0.15, Math.min(0.9, (room - 10) / 40));
      ctx.strokeStyle = theme.edge;
      ctx.beginPath();
      edges += traceEdges(count, 0, false);
      ctx.stroke();
      if (tl.length) {
        // Term links: lighter than related, thin and dotted, a small head at the linked term.
        const alpha = ctx.globalAlpha;
        ctx.globalAlpha = alpha * 0.8;
        ctx.lineWidth = Math.max(0.5, Math.min(1.1, s * 0.8));
        ctx.strokeStyle = theme.termLink;
        ctx.fillStyle = theme.termLink;
        ctx.setLineDash([2, 3]);
        ctx.beginPath();
        edges += traceEdges(count, 3, arrows);
        ctx.stroke();
        ctx.setLineDash([]);
        if (arrows) ctx.fill();
        ctx.globalAlpha = alpha;
        ctx.lineWidth = Math.max(0.6, Math.min(1.6, s * 1.2));
      }
      ctx.strokeStyle = theme.arrow;
      ctx.fillStyle = theme.arrow;
      if (!dim) ctx.globalAlpha = Math.max(0.6, ctx.globalAlpha);
      ctx.beginPath();
      edges += traceEdges(count, 1, arrows);
      ctx.stroke();
      if (arrows) ctx.fill();
      if (bro.length) {
        // A hollow head: the map's colour inside, ringed in the line's.
        ctx.strokeStyle = theme.broader;
        ctx.fillStyle = theme.bg;
        ctx.beginPath();
        edges += traceEdges(count, 2, arrows);
        if (arrows) ctx.fill();
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }
    if (dim) {
      // The selected term's own links, on top.
      const many = adjStart[selected + 1] - adjStart[selected] > 24;
      ctx.lineWidth = many ? 1 : Math.max(1.2, Math.min(2.5, s * 2));
      const heads = s * BASE_RADIUS >= 2;
      for (const line of [3, 0, 1, 2]) {
        ctx.strokeStyle = [theme.ring, theme.arrow, theme.broader, theme.termLink][line];
        ctx.fillStyle = [theme.arrow, theme.arrow, theme.bg, theme.termLink][line];
        ctx.setLineDash(line === 3 ? [2, 3] : []);
        ctx.beginPath();
        for (let j = adjStart[selected]; j < adjStart[selected + 1]; j++) {
          const akind = adjKind[j];
          if (LINE_OF[akind] !== line) continue;
          const head = heads ? headOf(akind) : 0;
          if (towards(akind)) traceEdge(adj[j], selected, head);
          else traceEdge(selected, adj[j], head);
        }
        if (line === 2) ctx.fill();
        ctx.stroke();
        ctx.setLineDash([]);
        if (line === 1 || line === 3) ctx.fill();
      }
    }

    // Terms, one path per topic colour.
    bucketStart.fill(0);
    for (let k = 0; k < count; k++) bucketStart[topicOf[visible[k]] + 1]++;
    for (let t = 0; t < topics.length; t++) bucketStart[t + 1] += bucketStart[t];
    const fill = bucketStart.slice(0, topics.length);
    for (let k = 0; k < count; k++) bucketed[fill[topicOf[visible[k]]]++] = visible[k];
    const circles = s * BASE_RADIUS >= 2.5;
    if (recording) recorded.discs = [];
    for (const pass of dim ? [0, 1] : [1]) {
      ctx.globalAlpha = pass === 0 ? 0.18 : 1;
      for (let t = 0; t < topics.length; t++) {
        if (bucketStart[t] === bucketStart[t + 1]) continue;
        ctx.fillStyle = topicColor(t);
        ctx.beginPath();
        for (let k = bucketStart[t]; k < bucketStart[t + 1]; k++) {
          const i = bucketed[k];
          if (dim && (near[i] > 0) !== (pass === 1)) continue;
          const x = toScreenX(X[i]);
          const y = toScreenY(Y[i]);
          const r = circles ? screenR(i, s) : squareR(i, s);
          if (circles) {
            ctx.moveTo(x + r, y);
            ctx.arc(x, y, r, 0, 2 * Math.PI);
          } else {
            ctx.rect(x - r, y - r, 2 * r, 2 * r);
          }
          if (recording) recorded.discs.push([x, y, r, circles ? 0 : 1]);
        }
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
    if (s * BASE_RADIUS >= 7) drawRings(count, s, dim);
    for (const [i, colour, w] of [
      [hovered, theme.ring, 2],
      [selected, theme.ring, 3],
    ]) {
      if (i < 0) continue;
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.beginPath();
      ctx.arc(toScreenX(X[i]), toScreenY(Y[i]), Math.max(4, screenR(i, s)) + 3, 0, 2 * Math.PI);
      ctx.stroke();
    }

    const words = placer.draw({ s, count, stamp, width, height, theme, selected, hovered }, recording ? recorded : null);
    stats.nodes = count;
    stats.edges = edges;
    stats.labels = words.labels;
    stats.topicNames = words.topicNames;
    stats.ms = performance.now() - t0;
    if (!document.documentElement.dataset.ready) {
      document.documentElement.dataset.ready = "true";
      api.readyAt = performance.now();
    }
  }

  // A ring in the status colour inside each disc's edge, a gap in the map's colour between
  // it and the topic's fill, so that it shows on every topic colour; only when there is room.
  function drawRings(count, s, dim) {
    for (let k = 0; k < count; k++) {
      const i = visible[k];
      const c = statusRing(i);
      if (!c || (dim && !near[i])) continue;
      const r = screenR(i, s);
      const w = Math.max(1.2, Math.min(s * 2.2, r * 0.25));
      const gap = Math.max(1, w * 0.6);
      const x = toScreenX(X[i]);
      const y = toScreenY(Y[i]);
      ctx.lineWidth = gap;
      ctx.strokeStyle = theme.bg;
      ctx.beginPath();
      ctx.arc(x, y, Math.max(0, r - w - gap / 2), 0, 2 * Math.PI);
      ctx.stroke();
      ctx.lineWidth = w;
      ctx.strokeStyle = c;
      ctx.beginPath();
      ctx.arc(x, y, Math.max(0, r - w / 2), 0, 2 * Math.PI);
      ctx.stroke();
    }
  }

  // Adds the edges drawn as one line (0 related, 1 supersedes, 2 broader, 3 term link) that
  // touch the visible terms to the current path, each once, with their heads when `arrows`;
  // returns how many.
  function traceEdges(count, line, arrows) {
    let drawn = 0;
    for (let k = 0; k < count; k++) {
      const i = visible[k];
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) {
        const other = adj[j];
        const akind = adjKind[j];
        if (LINE_OF[akind] !== line) continue;
        if (!shown[other] && near[other] !== 2) continue;
        // Once per edge: from the smaller index when both ends are on screen.
        if (seen[other] === stamp && other < i) continue;
        const head = arrows ? headOf(akind) : 0;
        if (towards(akind)) traceEdge(other, i, head);
        else traceEdge(i, other, head);
        drawn++;
      }
    }
    return drawn;
  }

  // Adds a line from a to b to the current path, with a head at b: none (0), FILLED, SMALL
  // (filled, two thirds the size) or HOLLOW (the line then stops at the head's base, so that
  // the head shows empty).
  function traceEdge(a, b, head) {
    const x0 = toScreenX(X[a]);
    const y0 = toScreenY(Y[a]);
    let x1 = toScreenX(X[b]);
    let y1 = toScreenY(Y[b]);
    ctx.moveTo(x0, y0);
    if (!head) {
      ctx.lineTo(x1, y1);
      return;
    }
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const back = screenR(b, view.scale) + 1;
    x1 -= ux * back;
    y1 -= uy * back;
    const size = Math.min(14, Math.max(8, view.scale * 10)) * (head === SMALL ? 2 / 3 : 1);
    if (head === HOLLOW) ctx.lineTo(x1 - ux * size, y1 - uy * size);
    else ctx.lineTo(x1, y1);
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - ux * size - uy * size * 0.45, y1 - uy * size + ux * size * 0.45);
    ctx.lineTo(x1 - ux * size + uy * size * 0.45, y1 - uy * size - ux * size * 0.45);
    ctx.closePath();
    if (recording) (head === HOLLOW ? recorded.hollow : head === SMALL ? recorded.small : recorded.arrows).push([x1, y1, size]);
  }

  // ---- Hit-testing ----------------------------------------------------------------------
  const termAt = (sx, sy) => {
    const wx = toWorldX(sx);
    const wy = toWorldY(sy);
    const reach = Math.max(BASE_RADIUS * 2.2, 10 / view.scale);
    let best = -1;
    let bestD = Infinity;
    inRect(wx - reach, wy - reach, wx + reach, wy + reach, (i) => {
      if (!shown[i] && near[i] !== 2) return;
      const d = Math.hypot(X[i] - wx, Y[i] - wy);
      const r = Math.max(radius[i], 8 / view.scale);
      if (d <= r && d < bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  };

  // ---- Pointer, wheel and keyboard ------------------------------------------------------
  const pointers = new Map();
  let press = null;
  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    press = pointers.size === 1 ? { x: e.offsetX, y: e.offsetY, moved: false } : null;
  });
  canvas.addEventListener("pointermove", (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) {
      const i = termAt(e.offsetX, e.offsetY);
      if (i !== hovered) {
        hovered = i;
        canvas.style.cursor = i >= 0 ? "pointer" : "grab";
        requestDraw();
      }
      return;
    }
    if (pointers.size === 1) {
      panBy(e.offsetX - last.x, e.offsetY - last.y);
      if (press && Math.hypot(e.offsetX - press.x, e.offsetY - press.y) > 4) press.moved = true;
    } else if (pointers.size === 2) {
      // Pinch: zoom by the change of distance, about the midpoint.
      const [a, b] = [...pointers.values()];
      const other = a === last ? b : a;
      const before = Math.hypot(last.x - other.x, last.y - other.y) || 1;
      const after = Math.hypot(e.offsetX - other.x, e.offsetY - other.y) || 1;
      zoomAt(after / before, (e.offsetX + other.x) / 2, (e.offsetY + other.y) / 2);
    }
    last.x = e.offsetX;
    last.y = e.offsetY;
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (e.type === "pointerup" && press && !press.moved) {
      const i = termAt(e.offsetX, e.offsetY);
      if (i >= 0) go(i);
      else if (selected >= 0) go(-1);
    }
    press = null;
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("pointerleave", () => {
    if (hovered >= 0 && !pointers.size) {
      hovered = -1;
      requestDraw();
    }
  });
  canvas.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? height : 1;
      if (!e.ctrlKey && e.deltaX !== 0) {
        // A trackpad's two-finger scroll moves the map.
        panBy(-e.deltaX * unit, -e.deltaY * unit);
      } else {
        // A wheel, or a trackpad's pinch (which arrives with ctrlKey).
        zoomAt(Math.exp(-e.deltaY * unit * (e.ctrlKey ? 0.01 : 0.0015)), e.offsetX, e.offsetY);
      }
    },
    { passive: false },
  );
  canvas.addEventListener("keydown", (e) => {
    const step = 80;
    const keys = {
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
      "+": () => zoomAt(1.4, width / 2, height / 2),
      "=": () => zoomAt(1.4, width / 2, height / 2),
      "-": () => zoomAt(1 / 1.4, width / 2, height / 2),
      0: () => moveTo(fit(), true),
      Enter: () => {
        // The term nearest the middle of the screen.
        let best = -1;
        let bestD = Infinity;
        const reach = 200 / view.scale;
        inRect(view.x - reach, view.y - reach, view.x + reach, view.y + reach, (i) => {
          const d = Math.hypot(X[i] - view.x, Y[i] - view.y);
          if (shown[i] && d < bestD) {
            best = i;
            bestD = d;
          }
        });
        if (best >= 0) go(best);
      },
      Escape: () => go(-1),
    };
    const action = keys[e.key];
    if (action && !e.altKey && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      action();
    }
  });
  $("zoom-in").addEventListener("click", () => zoomAt(1.5, width / 2, height / 2));
  $("zoom-out").addEventListener("click", () => zoomAt(1 / 1.5, width / 2, height / 2));
  $("zoom-fit").addEventListener("click", () => moveTo(fit(), true));
  document.addEventListener("keydown", (e) => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (e.key === "/" && !typing) {
      e.preventDefault();
      search.focus();
      search.select();
    } else if (e.key === "Escape" && !typing && e.target !== canvas && selected >= 0) {
      go(-1);
    }
  });

  // ---- Address: #slug is the selection; the browser's history walks back through it -----
  // #topic=ID (no slug holds "=") shows a topic's terms, none selected: the website's topic
  // pages link it.
  const go = (i) => {
    const hash = i >= 0 ? `#${data.slug[i]}` : "";
    if (location.hash === hash || (!hash && !location.hash)) {
      fromAddress(true);
      return;
    }
    if (hash) location.hash = hash;
    else history.pushState(null, "", location.pathname + location.search);
    if (!hash) fromAddress(true);
  };
  const fromAddress = (animate) => {
    let slug = "";
    try {
      slug = decodeURIComponent(location.hash.slice(1));
    } catch {
      slug = "";
    }
    const i = bySlug.has(slug) ? bySlug.get(slug) : -1;
    // The search box keeps the name of what it chose, not of what the history went back to.
    if (document.activeElement !== search && (i < 0 || fold(search.value) !== fold(data.term[i]))) search.value = "";
    setSelected(i);
    showCard(i);
    const topic = slug.startsWith("topic=") ? topics.findIndex((t) => t[0] === slug.slice(6)) : -1;
    if (topic >= 0) {
      moveTo(fitTopic(topic), animate);
    } else if (i >= 0) {
      // The part of the map the card and the legend leave visible.
      const area = clearArea();
      const visW = area.right - area.left;
      const visH = area.bottom - area.top;
      // Close enough to read the labels, far enough to see every neighbour.
      let reachX = 0;
      let reachY = 0;
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) {
        reachX = Math.max(reachX, Math.abs(X[adj[j]] - X[i]));
        reachY = Math.max(reachY, Math.abs(Y[adj[j]] - Y[i]));
      }
      const scale = clampScale(Math.max(0.25, Math.min(1.2, (visW / 2 - 110) / (reachX + 1), (visH / 2 - 40) / (reachY + 1))));
      // Centre the term in the visible part.
      const x = X[i] + (width / 2 - (area.left + area.right) / 2) / scale;
      moveTo({ x, y: Y[i] + (height / 2 - (area.top + area.bottom) / 2) / scale, scale }, animate);
    }
    requestDraw();
  };
  window.addEventListener("hashchange", () => fromAddress(true));
  window.addEventListener("popstate", () => fromAddress(true));

  // ---- The card panel (panel.js) -------------------------------------------------------
  const el = (tag, text, className) => {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (className) e.className = className;
    return e;
  };
  const { showCard } = glossgraphPanel({ $, el, data, n, topics, topicOf, statusOf, topicColor, adjStart, adj, adjKind, go, canvas, stats });

  // ---- Search ---------------------------------------------------------------------------
  const search = $("search");
  const box = $("search-box");
  const list = $("suggestions");
  let haystack = null; // built on the first search: [lower-cased label, term index, alias?]
  let found = [];
  let active = -1;
  // A term that has been superseded comes after its peers: readers mostly look for the current one.
  const replaced = (i) => {
    for (let j = adjStart[i]; j < adjStart[i + 1]; j++) if (adjKind[j] === 2) return 1;
    return 0;
  };
  const fold = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const suggest = () => {
    const q = fold(search.value.trim());
    found = [];
    active = -1;
    if (q) {
      if (!haystack) {
        haystack = [];
        for (let i = 0; i < n; i++) {
          haystack.push([fold(data.term[i]), i, null]);
          for (const a of data.aliases[i]) haystack.push([fold(a), i, a]);
          haystack.push([data.slug[i], i, null]);
        }
      }
      const best = new Map();
      for (const [label, i, alias] of haystack) {
        const at = label.indexOf(q);
        if (at < 0) continue;
        // Exact, then prefix, then a word start, then anywhere; terms before aliases.
        const score = (label === q ? 0 : at === 0 ? 1 : /[^a-z0-9]/.test(label[at - 1]) ? 2 : 3) * 2 + (alias ? 1 : 0);
        const prev = best.get(i);
        if (!prev || score < prev.score) best.set(i, { i, score, alias });
      }
      found = [...best.values()]
        .sort((a, b) => a.score - b.score || replaced(a.i) - replaced(b.i) || degree[b.i] - degree[a.i] || a.i - b.i)
        .slice(0, 8);
    }
    list.replaceChildren();
    found.forEach((f, k) => {
      const li = el("li", null);
      li.id = `suggestion-${k}`;
      li.setAttribute("role", "option");
      li.dataset.slug = data.slug[f.i];
      const dot = el("span", null, "swatch");
      dot.style.background = topicColor(topicOf[f.i]);
      li.append(dot, el("span", data.term[f.i], "label"));
      if (f.alias) li.append(el("span", f.alias, "alias"));
      li.addEventListener("mousedown", (e) => {
        e.preventDefault();
        choose(k);
      });
      list.append(li);
    });
    if (q && !found.length) list.append(el("li", "No term matches", "empty"));
    list.hidden = !q;
    box.setAttribute("aria-expanded", String(!list.hidden));
    mark();
  };
  const mark = () => {
    [...list.children].forEach((li, k) => li.setAttribute("aria-selected", String(k === active)));
    if (active >= 0) search.setAttribute("aria-activedescendant", `suggestion-${active}`);
    else search.removeAttribute("aria-activedescendant");
  };
  const closeList = () => {
    list.hidden = true;
    box.setAttribute("aria-expanded", "false");
  };
  const choose = (k) => {
    const f = found[k];
    if (!f) return;
    closeList();
    search.value = data.term[f.i];
    go(f.i);
  };
  search.addEventListener("input", suggest);
  search.addEventListener("focus", () => {
    if (search.value.trim()) suggest();
  });
  search.addEventListener("blur", closeList);
  search.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (list.hidden) suggest();
      if (!found.length) return;
      active = (active + (e.key === "ArrowDown" ? 1 : found.length - 1 + (active < 0 ? 1 : 0))) % found.length;
      mark();
    } else if (e.key === "Enter") {
      e.preventDefault();
      choose(active >= 0 ? active : 0);
    } else if (e.key === "Escape") {
      e.preventDefault();
      if (!list.hidden) closeList();
      else {
        search.value = "";
        canvas.focus();
      }
    }
  });

  // ---- Legend and filters (filters.js), words (words.js) ---------------------------------
  glossgraphFilters({ $, el, data, n, topics, topicSize, byTopicSize, topicColor, statusOf, statusShown, statusSlot, topicShown, applyFilters, rel, sup, bro, tl });
  const placer = glossgraphWords({
    $, ctx, canvas, data, topics, topicOf, topicSize, byTopicSize, topicShown, X, Y, rank, near, visible, seen,
    adjStart, adj, inRect, screenR, squareR, BASE_RADIUS, toScreenX, toScreenY, toWorldX, toWorldY,
  });

  // ---- Size, theme, start ---------------------------------------------------------------
  const resize = () => {
    const rect = canvas.getBoundingClientRect();
    width = Math.max(1, rect.width);
    height = Math.max(1, rect.height);
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    requestDraw();
  };
  new ResizeObserver(resize).observe(canvas);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    readTheme();
    requestDraw();
  });

  // For tests and for the curious: where a term is on screen, what is selected, what a frame drew.
  const api = {
    startedAt,
    readyAt: null,
    screenPosition(slug) {
      const i = bySlug.get(slug);
      if (i === undefined) return null;
      const rect = canvas.getBoundingClientRect();
      return { x: rect.left + toScreenX(X[i]), y: rect.top + toScreenY(Y[i]) };
    },
    selected: () => (selected >= 0 ? data.slug[selected] : null),
    view: () => ({ ...view }),
    stats: () => ({ ...stats }),
    moving: () => animation !== null,
    // What the next frames draw, in CSS pixels of the canvas, once record(true) asked for it:
    // discs [x, y, r, square], arrowheads [x, y, length] (filled: arrows; hollow: hollow;
    // a term link's: small),
    // labels, callouts (the selected or
    // hovered term's name where no label fits) and topic names [x0, y0, x1, y1, text] (the
    // boxes of their ink and halo), and what covers the canvas (overlays: [x0, y0, x1, y1,
    // element id]).
    record(on) {
      recording = on;
      requestDraw();
    },
    geometry: () => ({ ...recorded }),
  };
  window.glossgraphMap = api;

  readTheme();
  resize();
  Object.assign(view, fit());
  applyFilters();
  fromAddress(false);
  draw(performance.now());
})();
