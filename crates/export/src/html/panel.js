"use strict";
// The card panel of the glossary map: one term's card, built from the card texts block with
// textContent only (links only for http(s) and mailto URLs, and to other terms). A definition
// or note with Markdown comes as a tree of allowed elements, built here with createElement. A part of the page's one inline script, put
// before map.js, which makes the panel with glossgraphPanel and shows cards with its showCard.
/* exported glossgraphPanel */

// The panel, reading the map's data and state through `map`.
function glossgraphPanel(map) {
  const { $, el, data, n, topics, topicOf, statusOf, topicColor, adjStart, adj, adjKind, go, canvas, stats } = map;
  const panel = $("panel");
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
  // A text's tree (src/export/markdown.rs): a string is text, [tag, attributes, ...children]
  // an element. Only these tags are made; anything else shows its children alone.
  const TAGS = new Set(["p", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "em", "strong", "del", "hr", "br"]);
  const build = (node, citations) => {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attributes, ...children] = node;
    let e;
    if (tag === "cite") {
      const k = attributes.cite - 1;
      if (!citations[k]) return document.createTextNode(`[${attributes.id}]`);
      e = external(citations[k][2], `[${k + 1}]`);
      e.title = citations[k][1];
      e.classList.add("cite");
      return e;
    }
    if (tag === "a" && Number.isInteger(attributes.term) && attributes.term >= 0 && attributes.term < n) {
      e = el("a", null, "term-link");
      e.href = `#${data.slug[attributes.term]}`;
    } else if (tag === "a") {
      const url = (() => {
        try {
          const u = new URL(attributes.href);
          return ["http:", "https:", "mailto:"].includes(u.protocol) ? u.href : null;
        } catch {
          return null;
        }
      })();
      e = url ? el("a") : el("span", null, "no-link");
      if (url) {
        e.href = url;
        e.rel = "noopener noreferrer";
        e.target = "_blank";
      }
      if (attributes.title) e.title = attributes.title;
    } else {
      e = el(TAGS.has(tag) ? tag : "span");
      if (tag === "ol" && Number.isInteger(attributes.start)) e.start = attributes.start;
    }
    for (const child of children) e.append(build(child, citations));
    return e;
  };
  const rich = (tree, className, citations) => {
    const e = el("div", null, className);
    for (const child of tree) e.append(build(child, citations));
    return e;
  };
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
    if (typeof data.pages === "string") {
      // In the website: the term's own page.
      const page = el("a", "The term's page", "page-link");
      page.href = `${data.pages}${encodeURIComponent(data.slug[i])}/index.html`;
      const p = el("p", null, "page");
      p.append(page);
      panel.append(p);
    }
    if (data.aliases[i].length) panel.append(el("p", `Also: ${data.aliases[i].join(" \u00b7 ")}`, "aliases"));
    panel.append(typeof definition === "string" ? el("p", definition, "definition") : rich(definition, "definition", citations));
    const cites = new Map();
    citations.forEach((c, k) => cites.set(c[0], k));
    if (note && typeof note !== "string") {
      panel.append(section("Note", rich(note, "note", citations)));
    } else if (note) {
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

  return { showCard };
}
