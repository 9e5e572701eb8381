// The glossary map: draws the terms glossgraph placed, on a canvas, and lets a reader search,
// filter, zoom and read the cards. Written for this page alone: no library, no network.
//
// Shape: the data block is read once into typed arrays (positions, topics, statuses, edges as
// adjacency lists); a uniform grid over the map answers "which terms are on screen" and "which
// term is under the pointer" without visiting all of them, so a frame costs what is visible.
// How much is drawn follows the zoom (level of detail): dots only when far, then edges, arrows
// and labels as there is room for them. Card texts reach the page with textContent only.
"use strict";

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
  // 0 related, 1 i supersedes it (i is the newer term), 2 it supersedes i.
  const degree = new Uint32Array(n);
  const rel = data.related;
  const sup = data.supersedes;
  for (let k = 0; k < rel.length; k++) degree[rel[k]]++;
  for (let k = 0; k < sup.length; k++) degree[sup[k]]++;
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
  }
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

  // ---- Filters --------------------------------------------------------------------------
  const topics = data.topics;
  const topicSize = new Uint32Array(topics.length);
  for (let i = 0; i < n; i++) topicSize[topicOf[i]]++;
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
    $("count").textContent =
      shownCount === n ? `${n.toLocaleString("en")} terms` : `${shownCount.toLocaleString("en")} of ${n.toLocaleString("en")} terms`;
    requestDraw();
  };

  // ---- Colours --------------------------------------------------------------------------
  // Each topic's colour comes with the data: the same as in every other export.
  const topicColor = (t) => topics[t][2];
  const statusColor = (i) => (statusOf[i] < 0 ? null : data.statuses[statusOf[i]][1]);
  let theme = {};
  const readTheme = () => {
    const style = getComputedStyle(document.documentElement);
    const get = (name) => style.getPropertyValue(name).trim();
    theme = {
      bg: get("--map-bg"),
      fg: get("--fg"),
      edge: get("--edge"),
      arrow: get("--arrow"),
      halo: get("--halo"),
      ring: get("--ring"),
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
  const minScale = () => Math.min(0.5, fitScale() / 2);
  const fitScale = () => {
    const w = Math.max(maxX - minX + 4 * BASE_RADIUS, 200);
    const h = Math.max(maxY - minY + 4 * BASE_RADIUS, 200);
    return Math.min(MAX_SCALE / 2, Math.min(width / w, height / h) * 0.92);
  };
  const toScreenX = (x) => (x - view.x) * view.scale + width / 2;
  const toScreenY = (y) => (y - view.y) * view.scale + height / 2;
  const toWorldX = (sx) => (sx - width / 2) / view.scale + view.x;
  const toWorldY = (sy) => (sy - height / 2) / view.scale + view.y;
  const clampScale = (s) => Math.max(minScale(), Math.min(MAX_SCALE, s));
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  let animation = null;
  const fit = () => ({ x: (minX + maxX) / 2, y: (minY + maxY) / 2, scale: fitScale() });
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
  let frame = 0;
  const stats = { nodes: 0, edges: 0, labels: 0, ms: 0, cardMs: 0 };
  const requestDraw = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };
  const visible = new Uint32Array(n);
  const seen = new Uint32Array(n); // frame stamp: on screen in this frame
  let stamp = 0;
  const bucketStart = new Uint32Array(topics.length + 1);
  const bucketed = new Uint32Array(n);
  const MAX_EDGE_NODES = 20000;
  const MAX_LABEL_NODES = 5000;
  const FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const FONT_BOLD = "600 13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

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
    if (count <= MAX_EDGE_NODES && room >= 10) {
      const arrows = s * BASE_RADIUS >= 3;
      ctx.lineWidth = Math.max(0.6, Math.min(1.6, s * 1.2));
      ctx.globalAlpha = dim ? 0.12 : Math.max(0.15, Math.min(0.9, (room - 10) / 40));
      ctx.strokeStyle = theme.edge;
      ctx.beginPath();
      edges += traceEdges(count, 0, false);
      ctx.stroke();
      ctx.strokeStyle = theme.arrow;
      ctx.fillStyle = theme.arrow;
      ctx.beginPath();
      edges += traceEdges(count, 1, arrows);
      ctx.stroke();
      if (arrows) ctx.fill();
      ctx.globalAlpha = 1;
    }
    if (dim) {
      // The selected term's own links, on top.
      const many = adjStart[selected + 1] - adjStart[selected] > 24;
      ctx.lineWidth = many ? 1 : Math.max(1.2, Math.min(2.5, s * 2));
      for (const kind of [0, 1]) {
        ctx.strokeStyle = kind ? theme.arrow : theme.ring;
        ctx.fillStyle = theme.arrow;
        ctx.beginPath();
        for (let j = adjStart[selected]; j < adjStart[selected + 1]; j++) {
          if ((adjKind[j] !== 0) !== (kind === 1)) continue;
          const other = adj[j];
          if (adjKind[j] === 2) traceEdge(selected, other, s * BASE_RADIUS >= 2);
          else if (adjKind[j] === 1) traceEdge(other, selected, s * BASE_RADIUS >= 2);
          else traceEdge(selected, other, false);
        }
        ctx.stroke();
        if (kind) ctx.fill();
      }
    }

    // Terms, one path per topic colour.
    bucketStart.fill(0);
    for (let k = 0; k < count; k++) bucketStart[topicOf[visible[k]] + 1]++;
    for (let t = 0; t < topics.length; t++) bucketStart[t + 1] += bucketStart[t];
    const fill = bucketStart.slice(0, topics.length);
    for (let k = 0; k < count; k++) bucketed[fill[topicOf[visible[k]]]++] = visible[k];
    const circles = s * BASE_RADIUS >= 2.5;
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
          if (circles) {
            const r = radius[i] * s;
            ctx.moveTo(x + r, y);
            ctx.arc(x, y, r, 0, 2 * Math.PI);
          } else {
            const r = Math.max(1.2, radius[i] * s);
            ctx.rect(x - r, y - r, 2 * r, 2 * r);
          }
        }
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
    // A ring in the status colour around each term, when there is room to see it.
    if (s * BASE_RADIUS >= 7) {
      ctx.lineWidth = Math.max(1.5, s * 2.2);
      for (let k = 0; k < count; k++) {
        const i = visible[k];
        const c = statusColor(i);
        if (!c || (dim && !near[i])) continue;
        ctx.strokeStyle = c;
        ctx.beginPath();
        ctx.arc(toScreenX(X[i]), toScreenY(Y[i]), radius[i] * s, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    for (const [i, colour, w] of [
      [hovered, theme.ring, 2],
      [selected, theme.ring, 3],
    ]) {
      if (i < 0) continue;
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.beginPath();
      ctx.arc(toScreenX(X[i]), toScreenY(Y[i]), Math.max(4, radius[i] * s) + 3, 0, 2 * Math.PI);
      ctx.stroke();
    }

    const labels = drawLabels(count);
    stats.nodes = count;
    stats.edges = edges;
    stats.labels = labels;
    stats.ms = performance.now() - t0;
    if (!document.documentElement.dataset.ready) {
      document.documentElement.dataset.ready = "true";
      api.readyAt = performance.now();
    }
  }

  // Adds the edges of one kind (0 related, 1 supersedes) that touch the visible terms to the
  // current path, each once; returns how many.
  function traceEdges(count, kind, arrows) {
    let drawn = 0;
    for (let k = 0; k < count; k++) {
      const i = visible[k];
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) {
        const other = adj[j];
        const akind = adjKind[j];
        if ((akind !== 0) !== (kind === 1)) continue;
        if (!shown[other] && near[other] !== 2) continue;
        // Once per edge: from the smaller index when both ends are on screen.
        if (seen[other] === stamp && other < i) continue;
        if (akind === 1) traceEdge(other, i, arrows);
        else traceEdge(i, other, arrows && akind === 2);
        drawn++;
      }
    }
    return drawn;
  }

  // Adds a line from a to b to the current path, with an arrowhead at b when asked.
  function traceEdge(a, b, arrow) {
    const x0 = toScreenX(X[a]);
    const y0 = toScreenY(Y[a]);
    let x1 = toScreenX(X[b]);
    let y1 = toScreenY(Y[b]);
    ctx.moveTo(x0, y0);
    if (!arrow) {
      ctx.lineTo(x1, y1);
      return;
    }
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const back = radius[b] * view.scale + 2;
    x1 -= ux * back;
    y1 -= uy * back;
    const head = Math.min(12, Math.max(6, view.scale * 8));
    ctx.lineTo(x1, y1);
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45);
    ctx.lineTo(x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45);
    ctx.closePath();
  }

  // Labels where they fit: the selected term and its neighbours first, then by how linked a
  // term is; a label that would overlap one already placed is left out.
  const occupied = new Set();
  function drawLabels(count) {
    const s = view.scale;
    const list = [];
    if (selected >= 0 && seen[selected] === stamp) list.push(selected);
    if (hovered >= 0 && seen[hovered] === stamp && hovered !== selected) list.push(hovered);
    // Far out, a label per term would be a smear: only when terms are far enough apart.
    const room = view.scale * 100;
    if (count <= MAX_LABEL_NODES && room >= 22) {
      const rest = [];
      // With a term selected, the others' labels only once there is room for them too.
      const others = selected < 0 || room >= 45;
      for (let k = 0; k < count; k++) {
        const i = visible[k];
        if (i !== selected && i !== hovered && (others || near[i])) rest.push(i);
      }
      rest.sort((a, b) => (near[b] > 0) - (near[a] > 0) || rank[a] - rank[b]);
      for (const i of rest) list.push(i);
    } else if (selected >= 0) {
      for (let j = adjStart[selected]; j < adjStart[selected + 1]; j++) if (seen[adj[j]] === stamp) list.push(adj[j]);
    }
    occupied.clear();
    // Placed labels mark the cells of a fine screen grid; a label goes right of its term, else
    // left, below or above, wherever its cells are free.
    const CW = 8;
    const CH = 6;
    const KEY = 1 << 14;
    const free = (x0, y0, x1, y1) => {
      for (let r = Math.floor(y0 / CH); r <= Math.floor(y1 / CH); r++)
        for (let c = Math.floor(x0 / CW); c <= Math.floor(x1 / CW); c++) if (occupied.has(r * KEY + c)) return false;
      return true;
    };
    const take = (x0, y0, x1, y1) => {
      for (let r = Math.floor(y0 / CH); r <= Math.floor(y1 / CH); r++)
        for (let c = Math.floor(x0 / CW); c <= Math.floor(x1 / CW); c++) occupied.add(r * KEY + c);
    };
    let placed = 0;
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    for (const i of list) {
      const bold = i === selected || i === hovered;
      ctx.font = bold ? FONT_BOLD : FONT;
      const text = data.term[i];
      const w = ctx.measureText(text).width;
      const sx = toScreenX(X[i]);
      const sy = toScreenY(Y[i]);
      const gap = Math.max(3, radius[i] * s) + 4;
      const spots = [
        [sx + gap, sy],
        [sx - gap - w, sy],
        [sx - w / 2, sy + gap + 4],
        [sx - w / 2, sy - gap - 4],
      ];
      const spot = bold ? spots[0] : spots.find(([x, y]) => free(x - 1, y - 7, x + w + 1, y + 7));
      if (!spot) continue;
      const [x, y] = spot;
      take(x - 1, y - 7, x + w + 1, y + 7);
      const faded = selected >= 0 && !near[i];
      ctx.globalAlpha = faded ? 0.35 : 1;
      ctx.strokeStyle = theme.halo;
      ctx.lineWidth = 3;
      ctx.strokeText(text, x, y);
      ctx.fillStyle = theme.fg;
      ctx.fillText(text, x, y);
      placed++;
      if (placed >= 800) break;
    }
    ctx.globalAlpha = 1;
    return placed;
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
    if (i >= 0) {
      // The part of the map the card leaves visible: left of it, or above it on a phone.
      const box = panel.getBoundingClientRect();
      const stage = canvas.getBoundingClientRect();
      const sheet = box.top > stage.top + 10;
      const visW = sheet ? width : Math.max(120, box.left - stage.left);
      const visH = sheet ? Math.max(120, box.top - stage.top) : height;
      // Close enough to read the labels, far enough to see every neighbour.
      let reachX = 0;
      let reachY = 0;
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) {
        reachX = Math.max(reachX, Math.abs(X[adj[j]] - X[i]));
        reachY = Math.max(reachY, Math.abs(Y[adj[j]] - Y[i]));
      }
      // The legend covers the bottom left corner of a wide map: keep the neighbours above it.
      const below = sheet ? 40 : $("legend").getBoundingClientRect().height + 40;
      const scale = clampScale(
        Math.max(0.25, Math.min(1.2, (visW / 2 - 110) / (reachX + 1), (visH / 2 - below) / (reachY + 1))),
      );
      // Centre the term in the visible part.
      moveTo({ x: X[i] + (width - visW) / 2 / scale, y: Y[i] + (height - visH) / 2 / scale, scale }, animate);
    }
    requestDraw();
  };
  window.addEventListener("hashchange", () => fromAddress(true));
  window.addEventListener("popstate", () => fromAddress(true));

  // ---- The card panel -------------------------------------------------------------------
  const panel = $("panel");
  const el = (tag, text, className) => {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (className) e.className = className;
    return e;
  };
  // Only http(s) URLs become links.
  const safeUrl = (text) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch {
      return null;
    }
  };
  const external = (url, text) => {
    const href = safeUrl(url);
    if (!href) return el("span", text, "no-link");
    const a = el("a", text);
    a.href = href;
    a.rel = "noopener noreferrer";
    a.target = "_blank";
    return a;
  };
  const termLink = (i) => {
    const a = el("a", data.term[i], "term-link");
    a.href = `#${data.slug[i]}`;
    const dot = el("span", null, "swatch");
    dot.style.background = topicColor(topicOf[i]);
    a.prepend(dot);
    return a;
  };
  const section = (title, body) => {
    const s = el("section");
    s.append(el("h3", title), body);
    return s;
  };
  // The card texts: a block of their own, one card per line. Only the card shown is parsed,
  // so that opening a card costs the same at 100k terms as at 10; the lines are found once,
  // when the first card is opened.
  let cardText = null;
  const cardStart = new Float64Array(n + 1);
  const card = (i) => {
    if (cardText === null) {
      cardText = $("glossary-cards").textContent;
      // "[" card0 ",\n" card1 ",\n" … "]": JSON strings never hold a raw line feed.
      let at = 1;
      for (let k = 0; k < n; k++) {
        cardStart[k] = at;
        const next = cardText.indexOf("\n", at);
        at = next < 0 ? cardText.length + 1 : next + 1;
      }
      cardStart[n] = cardText.length + 1;
    }
    return JSON.parse(cardText.slice(cardStart[i], cardStart[i + 1] - 2));
  };
  const MARKER = /\[([A-Za-z0-9_.:-]+)\]/g;
  function showCard(i) {
    const t0 = performance.now();
    panel.replaceChildren();
    panel.hidden = i < 0;
    if (i < 0) return;
    const [definition, note, advantages, limitations, firstSeen, lastSeen, updated, citations, provenance] = card(i);
    const close = el("button", "\u00d7", "close");
    close.type = "button";
    close.setAttribute("aria-label", "Close the card");
    close.addEventListener("click", () => {
      go(-1);
      canvas.focus();
    });
    const head = el("header");
    head.append(el("h2", data.term[i]), close);
    panel.append(head);
    const meta = el("p", null, "meta");
    if (statusOf[i] >= 0) {
      const status = el("span", data.statuses[statusOf[i]][0], "status");
      status.style.setProperty("--status", data.statuses[statusOf[i]][1]);
      meta.append(status, " ");
    }
    const topic = el("span", topics[topicOf[i]][1], "topic");
    const dot = el("span", null, "swatch");
    dot.style.background = topicColor(topicOf[i]);
    topic.prepend(dot);
    meta.append(topic, " ", el("code", data.slug[i], "slug"));
    panel.append(meta);
    if (data.aliases[i].length) panel.append(el("p", `Also: ${data.aliases[i].join(" \u00b7 ")}`, "aliases"));
    panel.append(el("p", definition, "definition"));
    const cites = new Map();
    citations.forEach((c, k) => cites.set(c[0], k));
    if (note) {
      const body = el("div", null, "note");
      for (const paragraph of note.split(/\n[ \t]*\n/)) {
        const p = el("p");
        let last = 0;
        for (const m of paragraph.matchAll(MARKER)) {
          if (!cites.has(m[1])) continue;
          p.append(paragraph.slice(last, m.index));
          const k = cites.get(m[1]);
          const ref = external(citations[k][2], `[${k + 1}]`);
          ref.title = citations[k][1];
          ref.classList.add("cite");
          p.append(ref);
          last = m.index + m[0].length;
        }
        p.append(paragraph.slice(last));
        body.append(p);
      }
      panel.append(section("Note", body));
    }
    for (const [title, items] of [
      ["Advantages", advantages],
      ["Limitations", limitations],
    ]) {
      if (!items.length) continue;
      const ul = el("ul");
      for (const item of items) ul.append(el("li", item));
      panel.append(section(title, ul));
    }
    const links = [
      ["Related", 0],
      ["Supersedes", 1],
      ["Superseded by", 2],
    ];
    for (const [title, kind] of links) {
      const ul = el("ul", null, "links");
      const others = [];
      for (let j = adjStart[i]; j < adjStart[i + 1]; j++) if (adjKind[j] === kind) others.push(adj[j]);
      others.sort((a, b) => data.term[a].localeCompare(data.term[b], "en"));
      for (const o of others) {
        const li = el("li");
        li.append(termLink(o));
        ul.append(li);
      }
      if (others.length) panel.append(section(title, ul));
    }
    const dates = [
      ["First seen", firstSeen],
      ["Last seen", lastSeen],
      ["Updated", updated],
    ].filter((d) => d[1]);
    if (dates.length) {
      const dl = el("dl", null, "dates");
      for (const [k, v] of dates) dl.append(el("dt", k), el("dd", v));
      panel.append(section("Dates", dl));
    }
    if (citations.length) {
      const ol = el("ol", null, "sources");
      for (const [, title, url, accessed] of citations) {
        const li = el("li");
        li.append(external(url, title));
        if (!safeUrl(url)) li.append(" ", el("span", `(${url})`, "bad-url"));
        if (accessed) li.append(el("span", ` accessed ${accessed}`, "accessed"));
        ol.append(li);
      }
      panel.append(section("Sources", ol));
    }
    if (provenance.length) {
      const ul = el("ul", null, "provenance");
      for (const item of provenance) ul.append(el("li", item));
      panel.append(section("Provenance", ul));
    }
    panel.scrollTop = 0;
    stats.cardMs = performance.now() - t0;
  }

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

  // ---- Legend and filters ---------------------------------------------------------------
  const legend = $("legend");
  const LEGEND_TOPICS = 10;
  const byTopicSize = [...topics.keys()].sort((a, b) => topicSize[b] - topicSize[a] || a - b);
  {
    const ul = el("ul");
    for (const t of byTopicSize.slice(0, LEGEND_TOPICS)) {
      const li = el("li");
      const dot = el("span", null, "swatch");
      dot.style.background = topicColor(t);
      li.append(dot, el("span", topics[t][1]));
      ul.append(li);
    }
    legend.append(el("h2", "Topics"), ul);
    if (topics.length > LEGEND_TOPICS) legend.append(el("p", `and ${(topics.length - LEGEND_TOPICS).toLocaleString("en")} more (Filters)`, "more"));
    const statuses = el("p", null, "statuses");
    const present = new Set();
    for (let i = 0; i < n; i++) if (statusOf[i] >= 0) present.add(statusOf[i]);
    data.statuses.forEach(([name, colour], k) => {
      if (!present.has(k)) return;
      const item = el("span", null, "status-key");
      const ring = el("span", null, "ring");
      ring.style.borderColor = colour;
      item.append(ring, name);
      statuses.append(item, " ");
    });
    if (present.size) legend.append(statuses);
    const keys = el("p", null, "keys");
    const line = el("span", null, "key-line");
    const arrow = el("span", null, "key-arrow");
    // Only the kinds of link the map has.
    if (rel.length) keys.append(line, "related ");
    if (sup.length) keys.append(arrow, "supersedes");
    if (rel.length || sup.length) legend.append(keys);
  }
  const checkbox = (label, colour, count, onChange) => {
    const l = el("label");
    const c = el("input");
    c.type = "checkbox";
    c.checked = true;
    c.addEventListener("change", () => onChange(c.checked));
    const dot = el("span", null, "swatch");
    if (colour) dot.style.background = colour;
    l.append(c, dot, el("span", label), el("span", count.toLocaleString("en"), "n"));
    return l;
  };
  {
    const perStatus = new Uint32Array(data.statuses.length + 1);
    for (let i = 0; i < n; i++) perStatus[statusSlot(i)]++;
    const fieldset = $("status-filter");
    data.statuses.forEach(([name, colour], k) => {
      if (perStatus[k])
        fieldset.append(
          checkbox(name, colour, perStatus[k], (on) => {
            statusShown[k] = on ? 1 : 0;
            applyFilters();
          }),
        );
    });
    const none = data.statuses.length;
    if (perStatus[none])
      fieldset.append(
        checkbox("no status", null, perStatus[none], (on) => {
          statusShown[none] = on ? 1 : 0;
          applyFilters();
        }),
      );
    const topicList = $("topic-list");
    const boxes = [];
    for (const t of byTopicSize) {
      const label = checkbox(topics[t][1], topicColor(t), topicSize[t], (on) => {
        topicShown[t] = on ? 1 : 0;
        applyFilters();
      });
      boxes.push(label.firstChild);
      topicList.append(label);
    }
    const all = (on) => {
      for (const b of boxes) b.checked = on;
      topicShown.fill(on ? 1 : 0);
      applyFilters();
    };
    $("topics-all").addEventListener("click", () => all(true));
    $("topics-none").addEventListener("click", () => all(false));
    const toggle = $("filters-toggle");
    toggle.addEventListener("click", () => {
      const filters = $("filters");
      filters.hidden = !filters.hidden;
      toggle.setAttribute("aria-expanded", String(!filters.hidden));
    });
  }

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
  };
  window.glossgraphMap = api;

  readTheme();
  resize();
  Object.assign(view, fit());
  applyFilters();
  fromAddress(false);
  draw(performance.now());
})();
