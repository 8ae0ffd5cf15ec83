"""The people-facing commands of `closer-spec`, run as a binary (README "CLI").

Inputs come from outside CloserSpec: the known answers printed in specs/ (checked against
Tink by test_spec_known_answers.py), keysets from the Python reference port, and couple-key
wraps and invite values from the independent pairing reference (argon2-cffi + cryptography).
"""
from __future__ import annotations

import json
import subprocess

import pytest

import closer_cases  # noqa: F401  (puts ports/python on sys.path)
import pairing_reference as ref
from closer_port import hybrid
from conftest import closer_spec_binary
from spec_pages import known_answer

PHRASE = "acorn album alpine anchor animal apple apron arena arrow artist"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([closer_spec_binary(), *args], input=stdin, capture_output=True, text=True, timeout=120)


@pytest.fixture
def keyset_files(tmp_path):
    """The enc known-answer keyset as a hex file and as a binary file."""
    ks = bytes.fromhex(known_answer("enc")["keyset"])
    hex_file, bin_file = tmp_path / "ks.hex", tmp_path / "ks.bin"
    hex_file.write_text(ks.hex() + "\n")
    bin_file.write_bytes(ks)
    return hex_file, bin_file


# -- inspect -------------------------------------------------------------------------------


def test_inspect_shows_every_layer_of_an_enc_value():
    r = run("inspect", known_answer("enc")["value"])
    assert r.returncode == 0, r.stdout + r.stderr
    for line in ["kind: enc", "decodedLength: 43", "keyId: 0x12345678", "iv: 000102030405060708090a0b", "ciphertextLength: 10", "OK"]:
        assert line in r.stdout


def test_inspect_opens_with_a_keyset_file_in_hex_or_binary(keyset_files):
    ka = known_answer("enc")
    for path in keyset_files:
        r = run("inspect", "--keyset", str(path), "--couple-id", ka["coupleId"], ka["value"])
        assert r.returncode == 0, r.stdout + r.stderr
        assert f"text: {ka['text']}" in r.stdout


def test_inspect_names_the_failing_layer(keyset_files):
    ka = known_answer("enc")
    # The binding is needed to open.
    r = run("inspect", "--keyset", str(keyset_files[0]), ka["value"])
    assert r.returncode == 1 and "needs --couple-id" in r.stdout
    # A key id no key in the keyset has.
    other = keyset_files[0].with_name("other.hex")
    other.write_text(closer_cases.tk.aead_keyset(bytes(32), 0x0BADF00D).hex())
    r = run("inspect", "--keyset", str(other), "--couple-id", ka["coupleId"], ka["value"])
    assert r.returncode == 1
    assert "Tink prefix key id 0x12345678 matches no key in the keyset" in r.stdout
    # A commitment whose 43rd character has a spare bit set.
    c = known_answer("sealed")["commitment"]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    i = alphabet.index(c[-1])
    twin = alphabet[(i & ~3) | (1 if i & 3 == 0 else 0)]
    r = run("inspect", c[:-1] + twin)
    assert r.returncode == 1 and "b64url: non-canonical trailing bits" in r.stdout
    r = run("inspect", "hello")
    assert r.returncode == 1 and "wire.unknown_prefix" in r.stdout


def test_inspect_json_for_pub_and_keybox(tmp_path):
    pub = known_answer("pub")
    r = run("inspect", "--json", pub["value"])
    report = json.loads(r.stdout)
    assert r.returncode == 0 and report["ok"] is True
    point = report["layers"]["point"]
    # tink-wire-facts §3: the recipient point of the known-answer key.
    assert point["x"] == "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    assert point["writer"].startswith("Java-style")
    kb = known_answer("keybox")
    private, _ = hybrid.keysets(bytes.fromhex(kb["recipientPrivateKey"]), int(kb["recipientKeyId"], 16))
    (tmp_path / "priv.bin").write_bytes(private)
    args = [
        "inspect", "--json", "--private-keyset", str(tmp_path / "priv.bin"), "--couple-id", kb["coupleId"],
        "--question-id", kb["questionId"], "--sender-user-id", kb["senderUserId"],
        "--recipient-user-id", kb["recipientUserId"], kb["value"],
    ]
    # The one-time keyset opens the sealed answer: its bytes only with --reveal (keybox-v1.md §CLI).
    r = run(*args)
    report = json.loads(r.stdout)
    assert r.returncode == 0, r.stdout
    assert kb["keyset"] not in r.stdout
    assert report["layers"]["plaintext"]["keyIds"] and report["layers"]["kem"]["valid"] is True
    r = run(*args, "--reveal")
    report = json.loads(r.stdout)
    assert r.returncode == 0, r.stdout
    assert report["layers"]["plaintext"]["oneTimeKeyset"] == kb["keyset"]


# -- phrase, couple-key, invite ------------------------------------------------------------


def test_phrase_new_and_check():
    r = run("phrase", "new")
    assert r.returncode == 0
    words = r.stdout.split()
    assert len(words) == 10 and all(w in ref.INDEX for w in words)
    r = run("phrase", "check", "Acorn  ALBUM\talpine anchor animal apple apron arena arrow artist")
    assert r.returncode == 0
    assert f"canonical: {PHRASE}" in r.stdout and "entropy: 00010203040506070809" in r.stdout
    r = run("phrase", "check", PHRASE.replace("anchor", "anchr"))
    # The position only: neither the typed word nor the closest list word (both near the secret).
    assert r.returncode == 1 and "word 4 is not in the wordlist" in r.stderr
    assert "anchr" not in r.stderr and "anchor" not in r.stderr
    r = run("phrase", "check", stdin=PHRASE + "\n")
    assert r.returncode == 0 and f"canonical: {PHRASE}" in r.stdout
    r = run("phrase", "check", stdin="a" * 100_000_000)  # one 100 MB line: refused after 4096 bytes
    assert r.returncode == 1 and "cli.stdin_line_too_long" in r.stderr


def test_couple_key_unwrap_of_an_independent_wrap():
    ks = bytes.fromhex(known_answer("enc")["keyset"])
    w = ref.wrap(ks, PHRASE, bytes(range(16)), bytes(range(12)))
    base = ["couple-key", "unwrap", "--wrapped", w["wrappedCoupleKey"], "--salt", w["kdfSalt"], "--params", w["kdfParams"]]
    r = run(*base, "--phrase", "-", stdin=PHRASE + "\n")
    assert r.returncode == 0, r.stderr
    assert "0x12345678" in r.stdout and "AES-256" in r.stdout
    assert ks.hex() not in r.stdout and "000102030405060708090a0b0c0d0e0f" not in r.stdout  # no key bytes without --reveal
    r = run(*base, stdin=PHRASE + "\n")  # stdin is the default
    assert r.returncode == 0, r.stderr
    r = run(*base, "--phrase-arg", PHRASE, "--reveal")
    assert r.returncode == 0 and ks.hex() in r.stdout and "warning: --phrase-arg" in r.stderr
    r = run(*base, "--phrase", PHRASE)  # argv only through --phrase-arg
    assert r.returncode == 64
    r = run(*base, stdin=PHRASE.replace("artist", "arrow") + "\n")
    assert r.returncode == 1 and "couplekey.authentication_failed" in r.stderr
    assert PHRASE.replace("artist", "arrow") not in r.stderr  # the phrase never reaches messages


def test_invite_decrypt_of_an_independent_value():
    value = ref.invite_encrypt("K7M2QX", PHRASE, bytes(16), bytes(12))
    for code in ("K7M2QX", "k7m2qx"):
        r = run("invite", "decrypt", value, stdin=code + "\n")
        assert r.returncode == 0 and r.stdout.strip() == PHRASE
    r = run("invite", "decrypt", "--code-arg", "K7M2QX", value)
    assert r.returncode == 0 and r.stdout.strip() == PHRASE and "warning: --code-arg" in r.stderr
    r = run("invite", "decrypt", "--code", "K7M2QX", value)  # argv only through --code-arg
    assert r.returncode == 64
    r = run("invite", "decrypt", value, stdin="K7M2QY\n")
    assert r.returncode == 1 and "invite.authentication_failed" in r.stderr and "K7M2Q" not in r.stderr
