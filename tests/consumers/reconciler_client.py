"""Reconciles a pandas column with `reconciler`, the PyPI package that does it for a
DataFrame against any Reconciliation Service API endpoint.

Usage: python3 reconciler_client.py ENDPOINT TYPE LABEL...
Reconciles the LABELs as one column (`reconciler.reconcile`, its default batches of ten,
POSTed as forms), with and without the type TYPE, and prints, for each label, the id of the
best candidate and whether the service called it a match, as one JSON object.
"""
import json
import logging
import sys

import pandas as pd
from reconciler import reconcile

logging.disable(logging.WARNING)
endpoint, type_id, labels = sys.argv[1], sys.argv[2], sys.argv[3:]
column = pd.Series(labels, name="label")
out = {}
for name, kind in [("untyped", None), ("typed", type_id)]:
    frame = reconcile(column, type_id=kind, top_res=1, reconciliation_endpoint=endpoint)
    out[name] = {
        row["input_value"]: {"id": row["id"], "match": bool(row["match"]), "score": float(row["score"])}
        for _, row in frame.iterrows()
    }
json.dump(out, sys.stdout, indent=1, sort_keys=True)
