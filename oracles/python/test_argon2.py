"""Argon2id: CloserSpec's backends against argon2-cffi (specs/argon2id.md).

- tink-wire-facts §4 known answers through argon2-cffi and every CloserSpec backend;
- libargon2 with parallelism > 1 and salts of 8…64 bytes (outside libsodium's domain) against
  argon2-cffi, on random cheap parameter sets;
- hostile parameters refused with invalid_parameters and the bound's detail, by every backend.
"""

from __future__ import annotations

import random

import pytest

from pairing_reference import argon2id

BACKENDS = ["default", "libargon2", "libsodium"]

KNOWN_ANSWERS = [
    ("correct horse battery staple", bytes(range(16)), "d3a6e5a3d92061bf3a2b6886d263869a1adc4b0c15cd569fa1800b3450f7b47e"),
    ("pässwörd", bytes(16), "de8ca4b8119cb1f5c8b81e27cded23b0f1fdeb3f15e42b45c8253da232f1a4b0"),
    ("correct horse", b"\x01" * 16, "45eb3c5e42297dccbd6a72e380ac422b5cf9681da8df4aea64959ff6e2661dc3"),
]


def request(serve, password: bytes, salt: bytes, m: int, t: int, p: int, length: int, backend: str = "default"):
    return serve.request(
        "argon2id",
        password=password.hex(),
        salt=salt.hex(),
        memoryKiB=m,
        iterations=t,
        parallelism=p,
        length=length,
        backend=backend,
    )


@pytest.mark.parametrize("password,salt,expected", KNOWN_ANSWERS)
def test_known_answers_argon2_cffi(password, salt, expected):
    assert argon2id(password.encode(), salt, 46080, 3, 1, 32).hex() == expected


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("password,salt,expected", KNOWN_ANSWERS)
def test_known_answers_closer_spec(serve, backend, password, salt, expected):
    response = request(serve, password.encode(), salt, 46080, 3, 1, 32, backend)
    assert response["ok"], response
    assert response["key"] == expected


def test_libargon2_multi_lane_matches_argon2_cffi(serve):
    rng = random.Random(20261122)
    cases = 0
    for _ in range(30):
        p = rng.randint(2, 8)
        m = rng.randint(8 * p, 1024)
        t = rng.randint(1, 3)
        length = rng.randint(16, 64)
        password = rng.randbytes(rng.randint(0, 64))
        salt = rng.randbytes(rng.randint(8, 64))
        expected = argon2id(password, salt, m, t, p, length).hex()
        for backend in ("libargon2", "default"):
            response = request(serve, password, salt, m, t, p, length, backend)
            assert response["ok"], response
            assert response["key"] == expected, (m, t, p, length, backend)
        cases += 1
    assert cases == 30


def test_single_lane_all_backends_match_argon2_cffi(serve):
    rng = random.Random(7)
    for _ in range(20):
        m, t, length = rng.randint(8, 2048), rng.randint(1, 4), rng.randint(16, 64)
        password, salt = rng.randbytes(rng.randint(0, 100)), rng.randbytes(16)
        expected = argon2id(password, salt, m, t, 1, length).hex()
        for backend in BACKENDS:
            response = request(serve, password, salt, m, t, 1, length, backend)
            assert response["ok"] and response["key"] == expected, (m, t, length, backend, response)


def test_libsodium_refuses_what_it_cannot_compute(serve):
    response = request(serve, b"x", bytes(16), 64, 1, 2, 32, "libsodium")
    assert not response["ok"] and response["error"]["code"] == "unsupported"
    response = request(serve, b"x", bytes(8), 64, 1, 1, 32, "libsodium")
    assert not response["ok"] and response["error"]["code"] == "unsupported"


@pytest.mark.parametrize(
    "m,t,p,length,salt_len,bound",
    [
        (4 * 1024 * 1024, 3, 1, 32, 16, "argon2.memory_out_of_range"),  # 4 GiB
        (2**40, 3, 1, 32, 16, "argon2.memory_out_of_range"),
        (46080, 10_000, 1, 32, 16, "argon2.iterations_out_of_range"),
        (46080, 3, 255, 32, 16, "argon2.parallelism_out_of_range"),
        (46080, 3, 1, 1 << 20, 16, "argon2.output_length_out_of_range"),
        (46080, 3, 1, 32, 4, "argon2.salt_length_out_of_range"),
        (7, 1, 1, 32, 16, "argon2.memory_out_of_range"),
        (-1, 3, 1, 32, 16, "argon2.memory_out_of_range"),
    ],
)
def test_hostile_parameters_are_refused_before_any_backend(serve, m, t, p, length, salt_len, bound):
    """specs/argon2id.md §Bounds: out-of-bounds parameters are refused by the bounds checks,
    before any backend runs. Checked by what the harness answers, not by a clock:

    - the refusal is `invalid_parameters` with the detail of the violated bound, which only the
      checks ahead of the backend raise (`Argon2idParameters.init`, `Argon2id.deriveKey`); a
      backend that had run would answer with a key or with its own codes
      (`argon2.unsupported`, `argon2.backend_failure`);
    - every backend gives that same answer, libsodium included: when libsodium is reached it
      refuses p > 1 and salts other than 16 bytes with `argon2.unsupported`
      (test_libsodium_refuses_what_it_cannot_compute), so its bound answer for p = 255 and the
      4-byte salt shows the bound was checked first.

    That no backend is called at all is counted in process by
    Tests/CloserWireTests/KDF/HostileParametersTests.swift (CountingArgon2Backend.calls == 0).
    """
    for backend in BACKENDS:
        response = request(serve, b"x", bytes(salt_len), m, t, p, length, backend)
        assert not response["ok"], (backend, response)
        assert response["error"]["code"] == "invalid_parameters", (backend, response)
        assert response["error"]["detail"] == bound, (backend, response)
