#!/usr/bin/env python3
"""bench/pending.py OUT [COUNT]: COUNT (default 1,000) pending pods for the reference snapshot, in four causes: more CPU
than any node has (40%), a nodeSelector no node matches (30%), a claim that does not exist (20%), and pods that fit (10%).
Deterministic: the same arguments give the same bytes."""
import json
import sys

out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1000
docs = []
for i in range(count):
    kind = (i * 10 // count)
    spec = {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10",
                            "resources": {"requests": {"cpu": "200m", "memory": "256Mi"}}}]}
    owner = "bench-fit"
    if kind < 4:
        spec["containers"][0]["resources"]["requests"]["cpu"] = "200"
        owner = "bench-huge"
    elif kind < 7:
        spec["nodeSelector"] = {"pool": "gpu"}
        owner = "bench-gpu"
    elif kind < 9:
        spec["volumes"] = [{"name": "data", "persistentVolumeClaim": {"claimName": "bench-data-%d" % i}}]
        owner = "bench-data"
    docs.append({"apiVersion": "v1", "kind": "Pod",
                 "metadata": {"name": "%s-%04d" % (owner, i), "namespace": "bench", "labels": {"app": owner},
                              "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": owner + "-5d9f8",
                                                   "uid": "uid-" + owner, "controller": True}]},
                 "spec": spec, "status": {"phase": "Pending"}})
with open(out, "w") as f:
    f.write("\n---\n".join(json.dumps(d, separators=(",", ":")) for d in docs) + "\n")
