#!/usr/bin/env python3
"""Copies a generated JSON Lines glossary, changing the definition of one card in EVERY,
starting with card OFFSET (default: every 100th card, starting with the 51st: 1% of the
cards), and, of every tenth card so changed, the status too. Unchanged lines are copied byte
for byte. For benches/diff.sh and benches/push_incremental.sh.

    benches/diff_mutate.py OLD.jsonl NEW.jsonl [EVERY [OFFSET]]
"""
import json
import sys

src, dst = sys.argv[1], sys.argv[2]
every = int(sys.argv[3]) if len(sys.argv) > 3 else 100
offset = int(sys.argv[4]) if len(sys.argv) > 4 else 50
changed = 0
with open(src, encoding="utf-8") as old, open(dst, "w", encoding="utf-8") as new:
    for i, line in enumerate(old):
        if i % every == offset:
            card = json.loads(line)
            card["definition"] = card["definition"] + " Revised in the new version."
            if changed % 10 == 0:
                card["status"] = "deprecated" if card.get("status") != "deprecated" else "shipping"
            line = json.dumps(card, ensure_ascii=False, separators=(",", ":")) + "\n"
            changed += 1
        new.write(line)
print(f"diff_mutate: {changed} cards changed", file=sys.stderr)
