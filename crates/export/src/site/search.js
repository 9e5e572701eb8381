// The site's search box: finds terms by label, alias, hidden label and slug as you type, over
// the index that search-index.js sets (window.glossgraphSearch: [slug, term, [aliases]] in A-Z
// order, a fourth member [hidden labels] when a term has some).
// Results are links built with textContent only; nothing is fetched. Past the first 20, a
// button shows 20 more. The box's data-more and data-none hold its texts in the page's
// language ({n} and {m} filled in), when that is not English.
"use strict";
(function () {
  const box = document.querySelector(".search");
  const input = document.getElementById("search");
  const list = document.getElementById("search-results");
  const index = window.glossgraphSearch;
  if (!box || !input || !list || !Array.isArray(index)) return;
  const root = box.dataset.root || "";
  const moreText = box.dataset.more || "Show {n} more ({m} not shown)";
  const noneText = box.dataset.none || "No term matches.";
  // Case and accents are folded, but only where a language folds them: a Cyrillic letter
  // keeps its marks (Russian й is not и), save ё, which Russian writes as е.
  const fold = (text) =>
    text
      .normalize("NFKD")
      .replace(/(\P{Script=Cyrillic})[\u0300-\u036f]+/gu, "$1")
      .replace(/^[\u0300-\u036f]+/, "")
      .replace(/([еЕ])\u0308/g, "$1")
      .normalize("NFC")
      .toLowerCase();
  // Names: the term first, then the aliases, then the slug (as written in links and IRIs),
  // then the hidden labels.
  const entries = index.map(([slug, term, aliases, hidden]) => ({
    slug,
    term,
    names: [term, ...aliases, slug, ...(hidden || [])].map(fold),
    aliases,
  }));
  const LIMIT = 20;
  let shown = LIMIT;
  let found = [];
  let query = "";

  // A match at the start of a name before one inside it; the term before its other names.
  function rank(entry) {
    let best = Infinity;
    entry.names.forEach((name, i) => {
      const at = name.indexOf(query);
      if (at < 0) return;
      const score = (at === 0 ? 0 : 2) + (i === 0 ? 0 : 1);
      best = Math.min(best, score);
    });
    return best;
  }

  function result(entry) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = root + "term/" + encodeURIComponent(entry.slug) + "/index.html";
    link.textContent = entry.term;
    if (!fold(entry.term).includes(query)) {
      // Found by another name: say which.
      const alias = entry.aliases.find((a) => fold(a).includes(query));
      const note = document.createElement("span");
      note.className = "alias";
      // A hidden label is not shown: the term alone, found by it.
      if (alias || fold(entry.slug).includes(query)) {
        note.textContent = " (" + (alias || entry.slug) + ")";
        link.append(note);
      }
    }
    item.append(link);
    return item;
  }

  function render() {
    list.replaceChildren();
    for (const [, entry] of found.slice(0, shown)) list.append(result(entry));
    if (found.length > shown) {
      const item = document.createElement("li");
      const more = document.createElement("button");
      more.type = "button";
      more.className = "more-results";
      const next = Math.min(LIMIT, found.length - shown);
      more.textContent = moreText.replace("{n}", next).replace("{m}", found.length - shown);
      more.addEventListener("click", () => {
        const first = shown;
        shown += LIMIT;
        render();
        const link = list.querySelectorAll("a")[first];
        if (link) link.focus();
      });
      item.append(more);
      list.append(item);
    }
    if (found.length === 0) {
      const item = document.createElement("li");
      item.textContent = noneText;
      list.append(item);
    }
    list.hidden = false;
  }

  function show() {
    query = fold(input.value.trim());
    shown = LIMIT;
    found = [];
    if (!query) {
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    for (const entry of entries) {
      const score = rank(entry);
      if (score < Infinity) found.push([score, entry]);
    }
    found.sort((a, b) => a[0] - b[0]);
    render();
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
