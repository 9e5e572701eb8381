// The site's search box: finds terms by label and alias as you type, over the index that
// search-index.js sets (window.glossgraphSearch: [slug, term, [aliases]] in A-Z order).
// Results are links built with textContent only; nothing is fetched.
"use strict";
(function () {
  const box = document.querySelector(".search");
  const input = document.getElementById("search");
  const list = document.getElementById("search-results");
  const index = window.glossgraphSearch;
  if (!box || !input || !list || !Array.isArray(index)) return;
  const root = box.dataset.root || "";
  const fold = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const entries = index.map(([slug, term, aliases]) => ({
    slug,
    term,
    names: [term, ...aliases].map(fold),
    aliases,
  }));
  const LIMIT = 20;

  function rank(entry, query) {
    let best = Infinity;
    entry.names.forEach((name, i) => {
      const at = name.indexOf(query);
      if (at < 0) return;
      const score = (at === 0 ? 0 : 2) + (i === 0 ? 0 : 1);
      best = Math.min(best, score);
    });
    return best;
  }

  function show() {
    const query = fold(input.value.trim());
    list.replaceChildren();
    if (!query) {
      list.hidden = true;
      return;
    }
    const found = [];
    for (const entry of entries) {
      const score = rank(entry, query);
      if (score < Infinity) found.push([score, entry]);
    }
    found.sort((a, b) => a[0] - b[0]);
    for (const [, entry] of found.slice(0, LIMIT)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + "term/" + encodeURIComponent(entry.slug) + "/index.html";
      link.textContent = entry.term;
      const alias = entry.aliases.find((a) => fold(a).includes(query));
      if (alias && !fold(entry.term).includes(query)) {
        const note = document.createElement("span");
        note.className = "alias";
        note.textContent = " (" + alias + ")";
        link.append(note);
      }
      item.append(link);
      list.append(item);
    }
    if (found.length === 0) {
      const item = document.createElement("li");
      item.textContent = "No term matches.";
      list.append(item);
    }
    list.hidden = false;
  }

  input.addEventListener("input", show);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      const first = list.querySelector("a");
      if (first) first.click();
    } else if (event.key === "Escape") {
      input.value = "";
      show();
    }
  });
})();
