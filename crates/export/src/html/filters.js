"use strict";
// The legend and the filters of the glossary map: the legend (topics by fill, statuses by
// ring, the kinds of link drawn, term links among them), folding away so that it never has to
// cover the map, and the status and topic check boxes. A part of the page's one inline script, put before map.js,
// which calls glossgraphFilters once.
/* exported glossgraphFilters */

// Builds the legend and the filters, reading and setting the map's state through `map`.
function glossgraphFilters(map) {
  const { $, el, data, n, topics, topicSize, byTopicSize, topicColor, statusOf, statusShown, statusSlot, topicShown, applyFilters, rel, sup, bro, tl } = map;
  const legend = $("legend");
  const LEGEND_TOPICS = 10;
  {
    // The legend folds away (its button stays) so that it never has to cover the map; it
    // starts folded on a narrow screen. Names are shown whole, wrapped.
    const toggle = el("button", "Legend", "legend-toggle");
    toggle.type = "button";
    const body = el("div", null, "legend-body");
    const setOpen = (open) => {
      body.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
    };
    toggle.addEventListener("click", () => setOpen(body.hidden));
    setOpen(!matchMedia("(max-width: 700px)").matches);
    legend.append(toggle, body);
    const ul = el("ul");
    for (const t of byTopicSize.slice(0, LEGEND_TOPICS)) {
      const li = el("li");
      const dot = el("span", null, "swatch");
      dot.style.background = topicColor(t);
      li.append(dot, el("span", topics[t][1]));
      ul.append(li);
    }
    body.append(el("h2", "Topics (fill)"), ul);
    if (topics.length > LEGEND_TOPICS) body.append(el("p", `and ${(topics.length - LEGEND_TOPICS).toLocaleString("en")} more (Filters)`, "more"));
    const statuses = el("p", null, "statuses");
    const present = new Set();
    for (let i = 0; i < n; i++) if (statusOf[i] >= 0) present.add(statusOf[i]);
    statuses.append(el("span", "Status (ring): ", "key-title"));
    data.statuses.forEach(([name, fill, ring], k) => {
      if (!present.has(k)) return;
      const item = el("span", null, "status-key");
      const swatch = el("span", null, "ring");
      swatch.style.borderColor = matchMedia("(prefers-color-scheme: dark)").matches ? fill : ring;
      item.append(swatch, name);
      statuses.append(item, " ");
    });
    if (present.size) body.append(statuses);
    const keys = el("p", null, "keys");
    const line = el("span", null, "key-line");
    const arrow = el("span", null, "key-arrow");
    const hollow = el("span", null, "key-arrow key-broader");
    const dotted = el("span", null, "key-arrow key-term-link");
    // Only the kinds of link the map has.
    if (rel.length) keys.append(line, "related ");
    if (sup.length) keys.append(arrow, "supersedes (old \u2192 new) ");
    if (bro.length) keys.append(hollow, "broader (narrower \u2192 broader) ");
    if (tl.length) keys.append(dotted, "term link (linking \u2192 linked)");
    if (rel.length || sup.length || bro.length || tl.length) body.append(keys);
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
}
