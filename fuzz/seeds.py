#!/usr/bin/env python3
"""Seed corpora for the fuzz targets from vectors/*.json, plus fuzz/corpus/<target>/ (committed
seeds and regression inputs). Usage: fuzz/seeds.py OUTDIR. Writes OUTDIR/<target>/<sha1>."""
import base64, glob, hashlib, json, os, sys

out = sys.argv[1]
seeds = {t: set() for t in ["encoding", "protobuf", "json", "wire", "kdfparams", "phrase", "harness", "rules",
                                "vectorfile", "divergences"]}


def add(target, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) <= 64 * 1024:
        seeds[target].add(bytes(data))


def walk(value, key=None):
    if isinstance(value, dict):
        for k, v in value.items():
            walk(v, k)
    elif isinstance(value, list):
        for v in value:
            walk(v, key)
    elif isinstance(value, str):
        s = value
        for prefix in ("enc:v1:", "sealed:v1:", "keybox:v1:", "pub:v1:", "sha256:"):
            if s.startswith(prefix):
                add("wire", b"\x00" + s.encode())
                add("encoding", s[len(prefix):])
        if key in ("keyset", "privateKeyset", "publicKeyset", "body", "plaintext"):
            try:
                raw = bytes.fromhex(s)
                add("protobuf", raw)
                add("wire", b"\x01" + raw)
                add("encoding", s)
            except ValueError:
                pass
        if key in ("json", "payload", "canonical"):
            add("json", s)
        if key == "kdfParams" or s.startswith("$argon2"):
            add("kdfparams", s)
        if key in ("phrase", "input"):
            add("phrase", s)
        if key in ("kdfSalt", "wrappedCoupleKey", "value", "nonce"):
            add("encoding", s)


# Every vector set: Closer's and the profiles' (vectors/profiles/<app>/).
for path in sorted(glob.glob("vectors/*.json") + glob.glob("vectors/profiles/*/*.json")):
    if path.endswith("MANIFEST.json"):
        continue
    with open(path) as f:
        doc = json.load(f)
    walk(doc)
    for group in doc.get("testGroups", []):
        for test in group.get("tests", []):
            if "op" in test and isinstance(test.get("input"), dict):
                line = dict(test["input"], op=test["op"], id=test.get("tcId"))
                add("harness", json.dumps(line, separators=(",", ":")))
            if isinstance(test.get("request"), dict):
                add("rules", json.dumps(test["request"], separators=(",", ":")))
                add("json", json.dumps(test["request"]))

    # vectorfile: each file cut to its first tests (under the 64 KiB input size); divergences:
    # a known-failures file naming a few of its tests.
    name = os.path.basename(path)[:-len(".json")]
    for keep in (1, 3):
        cut = dict(doc, testGroups=[dict(g, tests=g.get("tests", [])[:keep]) for g in doc.get("testGroups", [])[:2]])
        add("vectorfile", json.dumps(cut, indent=2))
    ids = [t.get("tcId") for g in doc.get("testGroups", []) for t in g.get("tests", [])][:3]
    add("divergences", json.dumps({"divergences": [{"suite": name, "tcId": i, "reason": "seed"} for i in ids]}))

# A few hand seeds so every target has a start even without vectors.
add("kdfparams", "$argon2id$v=19$m=46080,t=3,p=1")
add("phrase", "acorn album alpine anchor animal apple apron arena arrow artist")
add("harness", '{"id":1,"op":"canonicalize","json":"{\\"b\\":1,\\"a\\":[1e3,\\"x\\"]}"}')
add("json", '{"a":[1,2.5,-0,1e21,"\\u00e9"],"b":{"c":null,"d":true}}')
add("encoding", "AAECAw==")
add("wire", b"\x02hello")
add("rules", '{"auth":{"uid":"alice"},"method":"get","path":"users/alice"}')

for target, items in seeds.items():
    directory = os.path.join(out, target)
    os.makedirs(directory, exist_ok=True)
    committed = os.path.join("fuzz", "corpus", target)
    if os.path.isdir(committed):
        for name in os.listdir(committed):
            with open(os.path.join(committed, name), "rb") as f:
                items.add(f.read())
    for data in items:
        with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
    print(f"{target}: {len(items)} seeds")
