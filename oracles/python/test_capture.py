"""`closer-spec capture check` (specs/capture.md §Proof): a capture written by the JVM port's own
crypto (ports/jvm `port.sh capture`: JCA AES-GCM, JDK ECDH, BouncyCastle Argon2id, fresh random
keys) is confirmed with no contradiction; tampered copies — one ciphertext byte, the kdfParams
text, the commitment, an unlisted users member, an alias member name — are each reported
contradicted, naming the decision, with exit status 1.

Skipped, with the reason, when java/javac, BouncyCastle or CLOSER_SPEC_BIN is missing.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import shutil
import subprocess

import pytest

from capture_run import check

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PORT_SH = os.path.join(ROOT, "ports", "jvm", "port.sh")
BCPROV = os.environ.get("BCPROV_JAR", "/usr/share/java/bcprov.jar")


@pytest.fixture(scope="module")
def capture() -> dict:
    missing = [tool for tool in ("java", "javac") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not found: install a JDK 17 (apt-get install openjdk-17-jdk-headless)")
    if not os.path.isfile(BCPROV):
        pytest.skip(f"{BCPROV} not found: apt-get install libbcprov-java (or set BCPROV_JAR)")
    out = subprocess.run([PORT_SH, "capture"], capture_output=True, check=True, timeout=300)
    return json.loads(out.stdout)


def test_jvm_capture_is_confirmed(tmp_path, capture):
    status, statuses, out = check(tmp_path, capture)
    assert status == 0, out
    assert "contradicted" not in statuses.values(), out
    # Every section spoke: the decided pins a capture is for are confirmed.
    for ident in ["D-WIRE-05", "D-WIRE-12", "D-WIRE-15", "D-WIRE-24", "D-PAIR-07", "D-PAIR-08", "D-PAIR-16",
                  "D-PAIR-21", "D-JSON-01", "D-CONTRACTS-01", "D-RULES-14", "D-WIRE-20"]:
        assert statuses.get(ident) == "confirmed", f"{ident}: {out}"
    assert "0 contradicted" in out
    # No secret reaches the report.
    for secret in (capture["coupleKeyWrap"]["phrase"], capture["invite"]["code"], capture["encV1"]["plaintext"]):
        assert secret not in out


def flip_b64_byte(value: str, prefix: str, index: int, urlsafe: bool) -> str:
    body = value[len(prefix):]
    pad = "=" * (-len(body) % 4)
    raw = bytearray((base64.urlsafe_b64decode if urlsafe else base64.b64decode)(body + pad))
    raw[index] ^= 0x01
    text = (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(bytes(raw)).decode()
    return prefix + (text.rstrip("=") if urlsafe else text)


TAMPERS = [
    ("one ciphertext byte of enc:v1:", lambda c: c["encV1"].update(
        value=flip_b64_byte(c["encV1"]["value"], "enc:v1:", 20, urlsafe=False)), "D-WIRE-05"),
    ("another kdfParams text", lambda c: c["coupleKeyWrap"].update(kdfParams="$argon2id$v=19$m=47104,t=3,p=1"),
     "D-PAIR-08"),
    ("the sealed commitment of other bytes", lambda c: c["sealed"].update(
        commitment=flip_b64_byte(c["sealed"]["commitment"], "sha256:", 0, urlsafe=True)), "D-WIRE-19"),
    ("the sealed AAD's user", lambda c: c["sealed"].update(userId="mallory"), "D-WIRE-14"),
    ("a users member outside the allowlist", lambda c: c["usersUpdate"]["fields"].update(favoriteColor="red"),
     "D-RULES-14"),
    ("an alias member name", lambda c: c["createInvite"]["request"].update(
        wrappedKey=c["createInvite"]["request"].pop("wrappedCoupleKey")), "D-CONTRACTS-01"),
    ("an invite value with a changed byte", lambda c: c["invite"].update(
        value=flip_b64_byte(c["invite"]["value"], "", 30, urlsafe=False)), "D-PAIR-21"),
    ("a b64url enc:v1: body", lambda c: c["encV1"].update(
        value=c["encV1"]["value"].replace("+", "-").replace("/", "_") if any(ch in c["encV1"]["value"] for ch in "+/")
        else c["encV1"]["value"][:-2] + "-_"), "D-WIRE-02"),
]


@pytest.mark.parametrize("what,tamper,decision", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_capture_is_contradicted(tmp_path, capture, what, tamper, decision):
    document = copy.deepcopy(capture)
    tamper(document)
    status, statuses, out = check(tmp_path, document)
    assert status == 1, out
    assert statuses.get(decision) == "contradicted", f"{what}: {decision} not contradicted:\n{out}"


def test_malformed_capture_is_refused(tmp_path):
    status, _, out = check(tmp_path, {"format": "something else"})
    assert status == 2, out
    assert "capture.malformed" in out
