"""Corpus 2 as written (blind; see ../README.md §Corpus 2): one single-sentence misreading of
specs/ per mutant. record_witnesses.py turns this into mutants.json with the recorded answers.

Each mutant: name, profile, port (python unless "node"), layer (specs/vectors.md §Layers), page,
sentence (quoted from the page), misreading (one sentence), edits (file, find, replace: `find`
occurs exactly once in the port's file), witness (the request that tells it from serve)."""

from __future__ import annotations

MUTANTS: list[dict] = []


def mutant(name, profile, layer, page, sentence, misreading, edits, witness, port="python"):
    MUTANTS.append({"name": name, "profile": profile, "port": port, "layer": layer, "page": page,
                    "sentence": sentence, "misreading": misreading,
                    "edits": [{"file": f, "find": a, "replace": b} for f, a, b in edits],
                    "witness": dict({"id": 1}, **witness)})


# --- Closer: app and server contracts (Python port) --------------------------------------

mutant("datekey-daily-minus-22h", "closer", "contract", "specs/date-keys.md",
       "the UTC date of *t* **minus 23 hours**: the latest 23:00 UTC run",
       "The run is read as 'at 23:00', so the key is taken as t minus 22 hours (the hour after the run).",
       [("contracts.py", '"dailyQuestion": -23', '"dailyQuestion": -22')],
       {"op": "datekey.compute", "instant": "2025-03-14T22:30:00Z", "kind": "dailyQuestion"})

mutant("datekey-leap-second-accepted", "closer", "contract", "specs/date-keys.md",
       "years 0001–9999; no leap second (`:60`); at most 64 bytes.",
       "Seconds 00-60 are accepted because RFC 3339 itself allows a leap second.",
       [("contracts.py", "if hour > 23 or minute > 59 or second > 59:", "if hour > 23 or minute > 59 or second > 60:")],
       {"op": "datekey.compute", "instant": "2016-12-31T23:59:60Z", "kind": "reminderDay"})

mutant("datekey-offset-hours-24", "closer", "contract", "specs/date-keys.md",
       "(offset hours 00–23, minutes 00–59)",
       "An offset hour of 24 is taken as allowed (hours read as 00-24 like a clock's end of day).",
       [("contracts.py", "if oh > 23 or om > 59:", "if oh > 24 or om > 59:")],
       {"op": "datekey.compute", "instant": "2025-03-14T12:00:00+24:00", "kind": "reminderDay"})

mutant("push-empty-string-present", "closer", "contract", "specs/push-routing.md",
       "An empty string counts as absent.",
       "An empty argument is kept as a present (empty) argument rather than treated as absent.",
       [("contracts.py", 'return data.get(name) or None  # an empty string counts as absent',
         'return data.get(name)')],
       {"op": "push.route", "data": {"type": "partner_started_game", "gameType": ""}})

mutant("push-payload-couple-first", "closer", "contract", "specs/push-routing.md",
       "`coupleId` is the receiving app's current couple when it has one",
       "The payload's coupleId is preferred and the app's current couple used only as the fallback.",
       [("contracts.py", 'couple = couple_id or arg("coupleId")', 'couple = arg("coupleId") or couple_id')],
       {"op": "push.route", "coupleId": "mine", "data": {"type": "partner_joined", "coupleId": "theirs"}})

mutant("callable-status-absent-not-pending", "closer", "contract", "specs/callables.md",
       "`status` absent or `\"pending\"` → else `callable.invite_not_pending`, `failed-precondition`",
       "Only an explicit status \"pending\" is accepted; an invite without status is refused as not pending.",
       [("contracts.py", 'if invite.get("status") is not None and invite.get("status") != "pending":',
         'if invite.get("status") != "pending":')],
       {"op": "callable.validate", "callable": "acceptInviteCallable", "payload": {"code": "ABC234"},
        "invite": {"wrappedCoupleKey": "x", "kdfSalt": "y", "kdfParams": "z", "recoveryPhrase": "w"}})

mutant("callable-code-upper-only", "closer", "contract", "specs/callables.md",
       "| `code` | string, `^[a-zA-Z0-9]{6}$` | yes |",
       "The note that new codes are upper case is read as the pattern, so a lower-case code is refused.",
       [("contracts.py", '_CODE = re.compile(r"[A-Za-z0-9]{6}")', '_CODE = re.compile(r"[A-Z0-9]{6}")')],
       {"op": "callable.validate", "callable": "acceptInviteCallable", "payload": {"code": "abc234"}})

mutant("quiet-end-inclusive", "closer", "contract", "specs/quiet-hours.md",
       "| `quietHoursEndMinutes` | integer 0…1439 | minutes after local midnight; **exclusive** |",
       "The end minute is read as the last quiet minute (inclusive).",
       [("server_contracts.py", "        return start <= m < end\n", "        return start <= m <= end\n")],
       {"op": "quietHours.check", "instant": "2025-03-14T07:00:00Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 60, "quietHoursEndMinutes": 420, "timezone": "UTC"}})

mutant("quiet-equal-all-day", "closer", "contract", "specs/quiet-hours.md",
       "`s = e`: never quiet (an empty window;",
       "A window whose start equals its end is read as the whole day (24 h quiet).",
       [("server_contracts.py", "        return m >= start or m < end\n    return False", "        return m >= start or m < end\n    return True")],
       {"op": "quietHours.check", "instant": "2025-03-14T07:00:00Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 300, "quietHoursEndMinutes": 300, "timezone": "UTC"}})

mutant("quiet-minutes-1440-accepted", "closer", "contract", "specs/quiet-hours.md",
       "| `quietHoursStartMinutes` | integer 0…1439 | minutes after local midnight; **inclusive** |",
       "The range is read as 0…1440 (midnight at the end of the day included).",
       [("server_contracts.py", "if not 0 <= v <= 1439:", "if not 0 <= v <= 1440:")],
       {"op": "quietHours.check", "instant": "2025-03-14T07:00:00Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 1440, "quietHoursEndMinutes": 480, "timezone": "UTC"}})

mutant("gentle-six-per-hour", "closer", "contract", "specs/cloud-functions.md",
       "Allowed while `count < 5` (`count + 1` is stored, `windowStart` kept);",
       "'At most 5' is read as five stored reminders still allowing one more (count <= 5).",
       [("server_contracts.py", "    if count < 5:", "    if count <= 5:")],
       {"op": "gentleReminder.rateLimit", "now": "2025-03-14T10:10:00Z",
        "record": {"windowStart": {"timestampValue": "2025-03-14T10:00:00Z"}, "count": 5}})

mutant("gentle-retry-rounded-down", "closer", "contract", "specs/cloud-functions.md",
       "`retryAfterMinutes` = the time left to `windowStart + 1 h` in whole minutes, rounded **up**",
       "Whole minutes are taken by truncation (rounded down).",
       [("server_contracts.py", '"retryAfterMinutes": -(-(start + hour - now) // minute)', '"retryAfterMinutes": (start + hour - now) // minute')],
       {"op": "gentleReminder.rateLimit", "now": "2025-03-14T10:10:30Z",
        "record": {"windowStart": {"timestampValue": "2025-03-14T10:00:00Z"}, "count": 5}})

mutant("gentle-window-end-inside", "closer", "contract", "specs/cloud-functions.md",
       "at or after `windowStart + 1 h` the window restarts at `now` with `count = 1`",
       "Only strictly after windowStart + 1 h does the window restart; the end instant still belongs to the old window.",
       [("server_contracts.py", "if stored is None or now >= stored[0] + hour:", "if stored is None or now > stored[0] + hour:")],
       {"op": "gentleReminder.rateLimit", "now": "2025-03-14T11:00:00Z",
        "record": {"windowStart": {"timestampValue": "2025-03-14T10:00:00Z"}, "count": 5}})


# --- Unstoppable (Python port) -------------------------------------------------------------

mutant("unst-routine-time-single-digit-hour", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       "two-digit hour 00–23, `:`, two-digit minute 00–59",
       "The hour is read as HH of a clock that may drop its leading zero, so 7:05 is taken.",
       [("unstoppable.py", '_HHMM = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")', '_HHMM = re.compile(r"([01]?[0-9]|2[0-3]):[0-5][0-9]")')],
       {"op": "unstoppable.validate", "endpoint": "PUT /v1/routines/current", "message": "request",
        "body": {"routineTime": "7:05", "tasks": []}})

mutant("unst-tasks-at-most-99", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       "`tasks`: ≤ 100 of `{id` (1–128), `title` (1–200), `isCompleted` (bool)`}`",
       "'≤ 100' is taken as fewer than 100 tasks.",
       [("unstoppable.py", "        if len(v) > shape[2]:", "        if len(v) >= shape[2]:")],
       {"op": "unstoppable.validate", "endpoint": "PUT /v1/routines/current", "message": "request",
        "body": {"routineTime": "07:05", "tasks": [{"id": f"t{i}", "title": "x", "isCompleted": False} for i in range(100)]}})

mutant("unst-offset-within-12h", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       "`utcOffsetMinutes` (−840…840, else `unstoppable.invalid_utc_offset`)",
       "The offset is bounded by ±12 hours (720 minutes), the usual span of civil time zones.",
       [("unstoppable.py", "MAX_OFFSET_MINUTES = 14 * 60", "MAX_OFFSET_MINUTES = 12 * 60")],
       {"op": "unstoppable.dayKey", "instant": "2025-03-14T11:00:00Z", "utcOffsetMinutes": 840})

mutant("unst-webhook-equal-timestamp-stale", "unstoppable", "contract", "specs/profiles/unstoppable/webhook.md",
       "An equal timestamp is not stale: events of one instant apply in delivery order",
       "An event whose timestamp equals the last applied one is ignored as stale (not strictly newer).",
       [("unstoppable_webhook.py", "if last is not None and ts < last:", "if last is not None and ts <= last:")],
       {"op": "unstoppable.webhook", "events": [
           {"api_version": "1.0", "event": {"id": "e1", "type": "INITIAL_PURCHASE", "event_timestamp_ms": 1000, "app_user_id": "u1"}},
           {"api_version": "1.0", "event": {"id": "e2", "type": "CANCELLATION", "event_timestamp_ms": 1000, "app_user_id": "u1"}}]})

mutant("unst-webhook-ignored-id-not-recorded", "unstoppable", "contract", "specs/profiles/unstoppable/webhook.md",
       "The id is recorded on receipt, so a re-delivered stale or unsupported event is a duplicate the second time.",
       "Only applied events' ids are remembered, so a re-delivered unsupported event is unsupported again.",
       [("unstoppable_webhook.py", """        self.seen.add(event_id)
        if kind not in STATE_OF_TYPE:
            return "unsupported_type\"""", """        if kind not in STATE_OF_TYPE:
            return "unsupported_type"
        self.seen.add(event_id)""")],
       {"op": "unstoppable.webhook", "events": [
           {"api_version": "1.0", "event": {"id": "e1", "type": "TEST", "event_timestamp_ms": 1000, "app_user_id": "u1"}},
           {"api_version": "1.0", "event": {"id": "e1", "type": "TEST", "event_timestamp_ms": 1000, "app_user_id": "u1"}}]})


# --- Reward-E (Python port) ----------------------------------------------------------------

mutant("rewarde-quota-window-closed", "reward-e", "contract", "specs/profiles/reward-e/quotas.md",
       "A rate's window is rolling, `(at − window, at]`: an instant exactly one window old no longer counts",
       "The window is read as closed at its old end, so an instant exactly one window old still counts.",
       [("reward_e.py", "kept = sorted(t for t in times if t > at - window)", "kept = sorted(t for t in times if t >= at - window)")],
       {"op": "rewarde.quota", "quota": "familiesPerUserPerDay", "recent": [0, 1, 2, 3, 4], "at": 86400000})

mutant("rewarde-cap-count-le-limit", "reward-e", "contract", "specs/profiles/reward-e/quotas.md",
       "A cap allows one more when `count < limit`",
       "'max 20' is read as 20 more allowed at 20, so a cap allows one more while count <= limit.",
       [("reward_e.py", "        allowed = count < limit\n", "        allowed = count <= limit\n")],
       {"op": "rewarde.quota", "quota": "childrenPerFamily", "count": 20})

mutant("rewarde-deep-link-case-exact", "reward-e", "contract", "specs/profiles/reward-e/deep-link.md",
       "Parse compares the scheme and host case-insensitively (RFC 3986 §3.1, §3.2.2) and the id exactly;",
       "The scheme and host are compared exactly, as Format writes them in lower case.",
       [("reward_e.py", "url[:n].lower() != DEEP_LINK_PREFIX", "url[:n] != DEEP_LINK_PREFIX")],
       {"op": "rewarde.parseDeepLink", "url": "REWARD-E://Child/abc"})

mutant("rewarde-invite-typed-no-upcase", "reward-e", "contract", "specs/profiles/reward-e/invite-code.md",
       "What a user types: ASCII lower-case letters are upper-cased;",
       "Typed codes are taken as typed, so lower-case letters are outside the alphabet and refused.",
       [("reward_e.py", 'upper = "".join(c.upper() if "a" <= c <= "z" else c for c in typed)', 'upper = typed')],
       {"op": "rewarde.inviteCode", "typed": "abc234"})

mutant("rewarde-premium-expiry-inclusive", "reward-e", "contract", "specs/profiles/reward-e/premium.md",
       "`expiresAt` absent, or `expiresAt > now`",
       "A record still grants at the instant it expires (expiresAt >= now).",
       [("reward_e.py", 's["expiresAt"] > now)', 's["expiresAt"] >= now)')],
       {"op": "rewarde.familyPremium", "now": 1000, "subscriptions": [
           {"active": True, "platform": "android", "productId": "p", "expiresAt": 1000, "ownerId": "o1"}]})

mutant("rewarde-name-utf16-length", "reward-e", "contract", "specs/profiles/reward-e/documents.md",
       "String lengths count Unicode scalars",
       "Lengths are counted in UTF-16 code units, as JavaScript's length does.",
       [("reward_e.py", 'elif kind == "str" and not shape[1] <= len(v) <= shape[2]:',
         'elif kind == "str" and not shape[1] <= len(v.encode("utf-16-le")) // 2 <= shape[2]:')],
       {"op": "rewarde.validate", "document": "goal", "body": {"id": "g1", "name": "\U0001F600" * 60, "targetStars": 5, "isActive": True}})


# --- FitLink (Python port) -----------------------------------------------------------------

mutant("fitlink-chatid-case-insensitive-sort", "fitlink", "contract", "specs/profiles/fitlink/chat.md",
       "the result is `chat_` + the byte-wise smaller id + `_` + the larger.",
       "The ids are sorted 'alphabetically' ignoring case, not byte-wise.",
       [("fitlink.py", 'lo, hi = sorted((a, b), key=lambda s: s.encode("ascii"))', 'lo, hi = sorted((a, b), key=lambda s: s.lower())')],
       {"op": "fitlink.chatId", "userA": "b", "userB": "C"})

mutant("fitlink-participants-ordered", "fitlink", "contract", "specs/profiles/fitlink/documents.md",
       "the chat id's two users in either order",
       "participant_ids must list the users in the chat id's order.",
       [("fitlink_documents.py", "    if set(chat[\"participant_ids\"]) != users:", "    if list(chat[\"participant_ids\"]) != [lo, hi]:")],
       {"op": "fitlink.validate", "document": "friend_chat",
        "body": {"id": "chat_alice_bob", "participant_ids": ["bob", "alice"], "encryption_initialized": True}})

mutant("fitlink-storage-id-lowercased", "fitlink", "contract", "specs/profiles/fitlink/media.md",
       "either case, kept in the case given",
       "The UUID is normalized to lower case, as UUID text usually is.",
       [("fitlink_documents.py", 'return f"{folder}/{chat}/{ident}{suffix}"', 'return f"{folder}/{chat}/{ident.lower()}{suffix}"')],
       {"op": "fitlink.storagePath", "kind": "image", "chatId": "chat_alice_bob", "mediaId": "0F8FAD5B-D9CB-469F-A165-70867728950E"})

mutant("fitlink-voice-duration-below-day", "fitlink", "contract", "specs/profiles/fitlink/documents.md",
       "`voice_duration` is a number of seconds 0…86 400",
       "The duration is read as less than a day (0 ≤ d < 86 400).",
       [("fitlink_documents.py", "if not 0 <= v <= 86_400:", "if not 0 <= v < 86_400:")],
       {"op": "fitlink.validate", "document": "friend_message",
        "body": {"id": "0F8FAD5B-D9CB-469F-A165-70867728950E", "sender_id": "alice", "type": "voice",
                 "encrypted_content": "AAAAAAAAAAAAAAAAAAAAAA==", "iv": "AAAAAAAAAAAAAAAA", "status": "sent",
                 "payload": {"voice_url": "https://x", "voice_duration": 86400}}})

mutant("fitlink-uid-underscore-allowed", "fitlink", "contract", "specs/profiles/fitlink/chat.md",
       "user ids are ASCII letters, digits and `-`, 1…128 bytes.",
       "The id alphabet is read as the usual identifier set, with `_` allowed too.",
       [("fitlink.py", '_UID = re.compile(r"[A-Za-z0-9-]{1,128}")', '_UID = re.compile(r"[A-Za-z0-9_-]{1,128}")')],
       {"op": "fitlink.chatId", "userA": "a_b", "userB": "c"})


# --- Closer: wire layers (Python port) -----------------------------------------------------
# Keysets the witnesses carry: K1 is `closer-spec serve`'s aead.keyset of key 00…1f, id 1, TINK;
# the hybrid keysets are its hybrid.keyset of scalar 01…20, id 7. The rest are built here from
# tink-keyset.md's field table (Keyset: 1 primary_key_id, 2 key; Key: 1 key_data, 2 status,
# 3 key_id, 4 output_prefix_type).
_KEY_DATA = ("0a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b6579"
             "12221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801")
K1 = "080112600a58" + _KEY_DATA + "1001" + "1801" + "2001"


def _key(key_id: int, status: int) -> str:
    """A Keyset.Key (field 2 of Keyset) carrying the AES-256-GCM key data above, TINK prefix."""
    return "12600a58" + _KEY_DATA + f"10{status:02x}18{key_id:02x}2001"


HYBRID_PUBLIC = ("080712d9010ad0010a3d747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e"
                 "456369657341656164486b64665075626c69634b6579128c0112440a0408021003123a12380a30747970652e676f6f676c65"
                 "617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912021010180118011a2100515c"
                 "3d6eb9e396b904d3feca7f54fdcd0cc1e997bf375dca515ad0a6c3b4035f2221004536be3a50f318fbf9a5475902a221502b"
                 "ef0d57e08c53b2cc0a56f17d9f93541803100118072001")
PHRASE = "acorn album alpine anchor animal apple apron arena arrow artist"  # phrase.fromEntropy 00…09
# serve's couplekey.wrap of K1 under PHRASE, salt 00…0f, IV 00…0b.
WRAPPED = ("AAECAwQFBgcICQoLwfxdAsYnrqhlgiYHQV17325Wkm7lZN2DIrwTDIp9tBmZ+W+OIHuobL1KUMbAToHEnKkRZXkvBUJRESHWGvQT"
           "sQy1XFvhmx1ERvnaiXav2D0HcEiQQFIfk8YBCluIU7oa1DJhAPNOMfC0h0bN6WmUAvPq0YM=")
SALT_B64 = "AAECAwQFBgcICQoLDA0ODw=="
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_G = ("046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
          "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")

mutant("b64-trailing-bits-ignored", "closer", "encoding", "specs/encodings.md",
       "Spare bits of the last symbol (4 bits when 2 symbols remain, 2 bits when 3 remain) must be zero",
       "The spare bits are read as padding the decoder drops, so non-zero spare bits are accepted.",
       [("encoding.py", "    if (b64url_encode(data) if url else b64encode(data)) != (symbols if url else text):  # 5.\n",
         "    if False:  # 5.\n")],
       {"op": "encoding.decode", "profile": "b64", "text": "AB=="})

mutant("b64url-padding-accepted", "closer", "encoding", "specs/encodings.md",
       "Padding: b64url with any `=` → `b64.invalid_padding`;",
       "b64url is read as 'padding optional', so correctly padded b64url is accepted.",
       [("encoding.py", "    if url and padding:  # 4.", "    if url and padding and padding != (4 - n % 4) % 4:  # 4.")],
       {"op": "encoding.decode", "profile": "b64url", "text": "AA=="})

mutant("hex-reader-lowercase-only", "closer", "encoding", "specs/encodings.md",
       "Writers emit lowercase. Readers accept either case;",
       "Readers are made as strict as writers: upper-case hex is refused.",
       [("encoding.py", 'any(c not in "0123456789abcdefABCDEF" for c in text)', 'any(c not in "0123456789abcdef" for c in text)')],
       {"op": "encoding.decode", "profile": "hex", "text": "AB"})

mutant("json-depth-999", "closer", "json", "specs/canonical-json.md",
       "So 1000 nested `[` … `]` parse, 1001 do not,",
       "Depth is counted from 0 (the outermost container at depth 0), so 1000 nested arrays are too deep.",
       [("jsonscan.py", "if len(stack) >= MAX_DEPTH:", "if len(stack) >= MAX_DEPTH - 1:")],
       {"op": "canonicalize", "json": "[" * 1000 + "]" * 1000})

mutant("json-nfc-names-not-compared", "closer", "json", "specs/canonical-json.md",
       "NFC normalization, e.g. `\"\\u00e9\"` and `\"e\\u0301\"`) → `json.equivalent_member_names`.",
       "Only exactly equal member names are duplicates; names equal after NFC are distinct members.",
       [("jsonscan.py", "        if normalized in nfc:\n            raise _Fault(\"json.equivalent_member_names\")",
         "        if False:\n            raise _Fault(\"json.equivalent_member_names\")"),
        ("encoding.py", "        if n in nfc:\n", "        if False:\n")],
       {"op": "canonicalize", "json": "{\"\u00e9\":1,\"e\u0301\":2}"})

mutant("canon-sort-by-code-point", "closer", "canonicalization", "specs/canonical-json.md",
       "Not by scalar value (U+10000, which is `D800 DC00`, sorts before U+E000 and U+FFFF)",
       "Members are sorted by Unicode scalar value (as Python sorts str), not by UTF-16 code units.",
       [("encoding.py", "        return rfc8785.dumps(value)\n",
         "        if isinstance(value, dict):\n"
         "            return b\"{\" + b\",\".join(rfc8785.dumps(k) + b\":\" + canonical_bytes(value[k]) for k in sorted(value)) + b\"}\"\n"
         "        return rfc8785.dumps(value)\n")],
       {"op": "canonicalize", "json": "{\"\ue000\":1,\"\U00010000\":2}"})

mutant("commitment-b64url-padded", "closer", "commitment", "specs/commitment.md",
       "43 characters after the prefix",
       "The digest is written as b64url with its `=` padding (44 characters), as base64 usually is.",
       [("values.py", "    return COMMITMENT_PREFIX + encoding.b64url_encode(hashlib.sha256(canonical).digest())",
         "    return COMMITMENT_PREFIX + encoding.b64url_encode(hashlib.sha256(canonical).digest()) + \"=\"")],
       {"op": "commitment", "json": "{}"})

mutant("binding-empty-component-allowed", "closer", "binding", "specs/enc-v1.md",
       "coupleId must be non-empty and must not contain `|`",
       "Only the separator rule is applied; an empty coupleId is a valid (empty) AAD.",
       [("values.py", "        if value == \"\":\n            raise fail(", "        if value == None:\n            raise fail(")],
       {"op": "binding.aad", "kind": "enc", "coupleId": ""})

mutant("binding-keybox-recipient-first", "closer", "binding", "specs/keybox-v1.md",
       "contextInfo = UTF-8 of coupleId + \"|\" + questionId + \"|\" + senderUserId + \"|\" + recipientUserId",
       "The two user ids are joined recipient first (the key's owner), then sender.",
       [("values.py", "return components(coupleId=couple_id, questionId=question_id, senderUserId=sender, recipientUserId=recipient)",
         "return components(coupleId=couple_id, questionId=question_id, recipientUserId=recipient, senderUserId=sender)")],
       {"op": "binding.aad", "kind": "keybox", "coupleId": "c", "questionId": "q", "senderUserId": "alice", "recipientUserId": "bob"})

mutant("payload-nonce-16-characters", "closer", "payload", "specs/sealed-v1.md",
       "`nonce` is b64url (no padding) of 16 random bytes",
       "The nonce's 16 is read as its text length, so 16 b64url characters (12 bytes) pass.",
       [("values.py", "    if len(nonce) != NONCE_LENGTH:", "    if len(payload[\"nonce\"]) != NONCE_LENGTH:")],
       {"op": "sealed.seal", "keyset": K1, "coupleId": "c", "questionId": "q", "userId": "u",
        "payload": "{\"coupleId\":\"c\",\"questionId\":\"q\",\"userId\":\"u\",\"nonce\":\"AAAAAAAAAAAAAAAA\"}",
        "iv": "000102030405060708090a0b"})

mutant("keyset-keyids-all-keys", "closer", "keyset", "specs/harness.md",
       "Answers `primaryKeyId` and `keyIds`: the ENABLED keys' ids in keyset order (duplicates kept)",
       "keyIds lists every key of the keyset, DISABLED ones too.",
       [("lower.py", "    return ks.primary_key_id, [k.key_id for k in tink_keysets.enabled_keys(ks)]",
         "    tink_keysets.enabled_keys(ks)\n    return ks.primary_key_id, [k.key_id for k in ks.key]")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": "0801" + _key(1, 1) + _key(2, 2)})

mutant("keyset-keyids-deduplicated", "closer", "keyset", "specs/harness.md",
       "Answers `primaryKeyId` and `keyIds`: the ENABLED keys' ids in keyset order (duplicates kept)",
       "keyIds is read as the set of ids, each id once.",
       [("lower.py", "    return ks.primary_key_id, [k.key_id for k in tink_keysets.enabled_keys(ks)]",
         "    return ks.primary_key_id, list(dict.fromkeys(k.key_id for k in tink_keysets.enabled_keys(ks)))")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": "0801" + _key(1, 1) + _key(2, 1) + _key(2, 1)})

mutant("protobuf-first-primary-wins", "closer", "protobuf", "specs/tink-keyset.md",
       "a non-repeated field seen more than once keeps its last value if it is a scalar",
       "A repeated scalar field keeps its first value (the first occurrence decides).",
       [("tink_keysets.py", "        return tink_pb2.Keyset.FromString(bytes(data))\n",
         "        ks = tink_pb2.Keyset.FromString(bytes(data))\n"
         "        firsts = [v for n, w, v in protoscan.scan(bytes(data), \"Keyset\") if n == 1 and w == 0]\n"
         "        if firsts:\n            ks.primary_key_id = firsts[0] & 0xFFFFFFFF\n"
         "        return ks\n")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": "0802" + "0801" + _key(1, 1)})

mutant("keyset-destroyed-without-data-refused", "closer", "keyset", "specs/tink-keyset.md",
       "A key with status DESTROYED and no key_data is skipped.",
       "Every key must carry key_data, a DESTROYED one too (missing key_data is refused).",
       [("tink_keysets.py", "        if k.status == DESTROYED and not k.HasField(\"key_data\"):\n            continue\n", "")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": "0801" + _key(1, 1) + "1206" + "1003" + "1802" + "2001"})

mutant("aesgcm-iv-any-length", "closer", "aead", "specs/tink-aead.md",
       "(injectable: `iv`, exactly 12 bytes, else `aesgcm.invalid_iv`)",
       "12 bytes is read as the usual size, not a requirement: GCM takes other IV lengths too.",
       [("primitives.py", "    if len(iv) != IV_LENGTH:\n        raise fail(\"aesgcm.invalid_iv\"", "    if len(iv) < 8:\n        raise fail(\"aesgcm.invalid_iv\"")],
       {"op": "aesgcm.seal", "key": "000102030405060708090a0b0c0d0e0f", "iv": "000102030405060708090a0b0c0d0e0f",
        "plaintext": "68656c6c6f", "aad": ""})

mutant("kem-scalar-reduced-mod-n", "closer", "kem", "specs/harness.md",
       "scalar 0 or ≥ n (any length, leading zeros stripped) → `p256.scalar_out_of_range`",
       "A scalar at or above n is reduced modulo n, as elliptic-curve libraries often do.",
       [("primitives.py", "    d = int.from_bytes(bytes(data), \"big\")\n    if not 0 < d < P256_ORDER:",
         "    d = int.from_bytes(bytes(data), \"big\") % P256_ORDER\n    if not 0 < d < P256_ORDER:")],
       {"op": "p256.ecdh", "privateKey": f"{P256_N + 1:064x}", "publicPoint": P256_G})

mutant("kdf-hkdf-max-length-exclusive", "closer", "kdf", "specs/harness.md",
       "| `hkdf.sha256` | `ikm`, `salt`, `info`, `length` | `okm` |",
       "RFC 5869's L <= 255·HashLen is read as L < 255·HashLen.",
       [("primitives.py", "    if not 0 <= length <= HKDF_MAX_LENGTH:", "    if not 0 <= length < HKDF_MAX_LENGTH:")],
       {"op": "hkdf.sha256", "ikm": "00", "salt": "", "info": "", "length": 8160})

mutant("kdf-hybrid-ikm-shared-first", "closer", "kdf", "specs/tink-hybrid.md",
       "DEM key    = HKDF-SHA256(ikm = kem || shared, salt = empty (RFC 5869: 32 zero bytes),",
       "The HKDF input is the shared secret followed by the KEM bytes.",
       [("hybrid.py", "return primitives.hkdf_sha256(kem + shared, b\"\", bytes(context_info), DEM_KEY_LENGTH)",
         "return primitives.hkdf_sha256(shared + kem, b\"\", bytes(context_info), DEM_KEY_LENGTH)")],
       {"op": "hybrid.encrypt", "publicKeyset": HYBRID_PUBLIC, "plaintext": "68656c6c6f", "contextInfo": "637478",
        "ephemeralPrivateKey": "0a" * 32, "iv": "000102030405060708090a0b"})

mutant("dem-context-as-aad", "closer", "dem", "specs/tink-hybrid.md",
       "IV || ct || tag = AES-128-GCM(DEM key, IV, plaintext, aad = empty)",
       "The context info is also given to the DEM as its AAD (bound twice).",
       [("hybrid.py", "    return primitives.aesgcm_seal(key, iv, plaintext, b\"\")", "    return primitives.aesgcm_seal(key, iv, plaintext, bytes(context_info))")],
       {"op": "hybrid.encrypt", "publicKeyset": HYBRID_PUBLIC, "plaintext": "68656c6c6f", "contextInfo": "637478",
        "ephemeralPrivateKey": "0a" * 32, "iv": "000102030405060708090a0b"})

mutant("kem-point-compressed", "closer", "kem", "specs/tink-hybrid.md",
       "kem        = 04 || X(32) || Y(32) of a fresh ephemeral P-256 key (SEC 1 uncompressed)",
       "The ephemeral point is written in SEC 1 compressed form (02/03 || X), the shorter encoding.",
       [("hybrid.py", "    return primitives.point_bytes(key.public_key())",
         "    from cryptography.hazmat.primitives import serialization\n"
         "    return key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)")],
       {"op": "hybrid.encrypt", "publicKeyset": HYBRID_PUBLIC, "plaintext": "68656c6c6f", "contextInfo": "637478",
        "ephemeralPrivateKey": "0a" * 32, "iv": "000102030405060708090a0b"})

mutant("argon2-iterations-below-10", "closer", "argon2", "specs/argon2id.md",
       "| iterations `t` | 1 … 10 | `argon2.iterations_out_of_range` |",
       "The range 1 … 10 is read half-open (1 ≤ t < 10).",
       [("argon2.py", "    if not ITERATIONS[0] <= iterations <= ITERATIONS[1]:", "    if not ITERATIONS[0] <= iterations < ITERATIONS[1]:")],
       {"op": "argon2id", "password": "70617373", "salt": "000102030405060708090a0b0c0d0e0f", "memoryKiB": 8,
        "iterations": 10, "parallelism": 1, "length": 32})

mutant("kdfparams-leading-zero-accepted", "closer", "kdf_params", "specs/argon2id.md",
       "decimal, no sign, no leading zero, at most 10 digits, ≤ 2^32-1",
       "'No leading zero' is read as 'no lone zero value', so 046080 is read as 46080.",
       [("argon2.py", "    if len(digits) > 1 and digits[0] == 0x30:", "    if int(digits) == 0 and len(digits) > 1:")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": WRAPPED, "kdfSalt": SALT_B64,
        "kdfParams": "$argon2id$v=19$m=046080,t=3,p=1", "phrase": PHRASE})

mutant("kdfparams-any-field-order", "closer", "kdf_params", "specs/argon2id.md",
       "out of the order m, t, p → `kdfparams.field_order`",
       "The fields are named, so their order is read as free (any order of m, t, p).",
       [("argon2.py", "        if index <= last:\n", "        if False:\n")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": WRAPPED, "kdfSalt": SALT_B64,
        "kdfParams": "$argon2id$v=19$t=3,m=46080,p=1", "phrase": PHRASE})

mutant("phrase-lower-before-nfkc", "closer", "phrase", "specs/recovery-phrase.md",
       "3. **lower case** (Unicode default case mapping, locale-independent)",
       "Lower case is applied before NFKC (the steps taken in the other order).",
       [("phrase.py", '    return unicodedata.normalize("NFKC", text).lower()', '    return unicodedata.normalize("NFKC", text.lower())')],
       {"op": "phrase.normalize", "input": "\u1d2c" + "corn album alpine anchor animal apple apron arena arrow artist"})

mutant("phrase-1024-bytes-too-long", "closer", "phrase", "specs/recovery-phrase.md",
       "longer than 1024 UTF-8 bytes → `phrase.too_long`",
       "The limit is read as 'at most 1023 bytes' (1024 counts as too long).",
       [("phrase.py", "    if length > MAX_INPUT:", "    if length >= MAX_INPUT:")],
       {"op": "phrase.normalize", "input": PHRASE + " " * (1024 - len(PHRASE))})

mutant("invite-code-case-kept", "closer", "invite", "specs/invite-phrase.md",
       "password = UTF-8 of the canonical code (6 bytes, upper case)",
       "The code is used as typed for the password (codes are compared case-insensitively elsewhere).",
       [("pairing.py", "    return text.upper()\n", "    return text\n")],
       {"op": "invite.encrypt", "code": "abc234", "phrase": PHRASE, "salt": "000102030405060708090a0b0c0d0e0f",
        "iv": "000102030405060708090a0b"})

CRUNCHY_KEYSET = ("08f8acd1910112640a58" + _KEY_DATA + "100118f8acd191012004")  # serve's aead.keyset, id 0x12345678, CRUNCHY

mutant("framing-legacy-key-id-little-endian", "closer", "tink_framing", "specs/tink-aead.md",
       "= 00 || key_id                        for LEGACY and CRUNCHY",
       "The LEGACY/CRUNCHY line gives no byte order, so the key id is written little-endian there.",
       [("tink_keysets.py", '        return b"\\x00" + key_id.to_bytes(4, "big")', '        return b"\\x00" + key_id.to_bytes(4, "little")')],
       {"op": "aead.encrypt", "keyset": CRUNCHY_KEYSET, "plaintext": "68656c6c6f", "aad": "", "iv": "000102030405060708090a0b"})

mutant("request-hex-uppercase-refused", "closer", "request", "specs/harness.md",
       "Bytes are lowercase hex strings (readers accept upper case);",
       "Request hex is read as lowercase only, as the page says bytes are lowercase hex.",
       [("protocol.py", '_HEX = re.compile(r"[0-9a-fA-F]*")', '_HEX = re.compile(r"[0-9a-f]*")')],
       {"op": "aesgcm.seal", "key": "000102030405060708090A0B0C0D0E0F", "iv": "000102030405060708090a0b", "plaintext": "", "aad": ""})

mutant("request-empty-prefix-is-default", "closer", "request", "specs/harness.md",
       "`prefix?` (TINK\\|RAW\\|LEGACY\\|CRUNCHY, default TINK)",
       "An empty prefix counts as not given, so it takes the default TINK.",
       [("protocol.py", "    if prefix is None:\n        prefix = \"TINK\"", "    if not prefix:\n        prefix = \"TINK\"")],
       {"op": "aead.keyset", "key": "000102030405060708090a0b0c0d0e0f", "keyId": 1, "prefix": ""})

mutant("unst-nickname-utf8-bytes", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       "`nickname?` (1–64 chars)",
       "The 64 is counted in UTF-8 bytes, as a database column would be.",
       [("unstoppable.py", '        if kind == "str" and not shape[1] <= len(v) <= shape[2]:',
         '        if kind == "str" and not shape[1] <= len(v.encode("utf-8")) <= shape[2]:')],
       {"op": "unstoppable.validate", "endpoint": "POST /v1/user/profile", "message": "request", "body": {"nickname": "\u00e9" * 40}})

mutant("rewarde-unversioned-family-at-1", "reward-e", "contract", "specs/profiles/reward-e/version.md",
       "A family without `version` (pre-versioning data, \"decodeIfPresent\") is at version 0",
       "A family without version is taken as at its first version, 1.",
       [("protocol.py", '    version = _int(r, "version") if "version" in r.fields else 0  # absent is 0 (version.md)',
         '    version = _int(r, "version") if "version" in r.fields else 1')],
       {"op": "rewarde.familyWrite", "baseVersion": 0, "userId": "u1"})


# --- Node port: Closer server contracts the Python port lacks, and PayBack ------------------

NOW = "2025-03-14T12:00:00Z"

mutant("node-entitlement-expiry-at-now-expired", "closer", "contract", "specs/entitlements.md",
       "at exactly `now` it is not yet in the past",
       "An expiresAt equal to now is read as already past, so the document stops granting at that instant.",
       [("lib/entitlements.js", "return !(parseInstantNanos(e.timestampValue) < now);", "return parseInstantNanos(e.timestampValue) > now;")],
       {"op": "entitlement.evaluate", "own": {"premium": True, "expiresAt": {"timestampValue": NOW}}, "partner": None,
        "revenueCatFallback": None, "now": NOW}, port="node")

mutant("node-entitlement-fallback-for-partner", "closer", "contract", "specs/entitlements.md",
       "The partner side has no fallback",
       "The RevenueCat fallback stands in for any absent document, the partner's too.",
       [("lib/entitlements.js", "|| grants(partner, now, false);", "|| grants(partner, now, revenueCatFallback === true);")],
       {"op": "entitlement.evaluate", "own": {"premium": False}, "partner": None, "revenueCatFallback": True, "now": NOW},
       port="node")

mutant("node-webhook-method-case-insensitive", "closer", "contract", "specs/revenuecat-webhook.md",
       "the method is not exactly `POST`",
       "HTTP methods are compared case-insensitively, so `post` passes the method check.",
       [("lib/revenuecat-webhook.js", "if (d.method !== 'POST') return { status: 405 };", "if (d.method.toUpperCase() !== 'POST') return { status: 405 };")],
       {"op": "webhook.revenuecat", "method": "post", "signingKey": None, "signature": None, "body": "7b7d"}, port="node")

mutant("node-fanout-tokens-case-folded", "closer", "contract", "specs/cloud-functions.md",
       "each distinct string once (exact comparison: tokens differing in case are distinct)",
       "Tokens are de-duplicated ignoring case, as identifiers often are.",
       [("lib/fcm-fanout.js", "if (typeof c === 'string' && c !== '' && !out.includes(c)) out.push(c);",
         "if (typeof c === 'string' && c !== '' && !out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);")],
       {"op": "fcm.fanout", "type": "partner_answered", "data": {}, "title": "t", "body": "b",
        "user": {"fcmToken": "tokenA"}, "tokenDocs": [{"token": "TOKENA"}]}, port="node")

mutant("node-reveal-fires-on-every-true", "closer", "contract", "specs/cloud-functions.md",
       "An update that leaves `isRevealed` true (an `updatedAt` touch) sends nothing;",
       "The trigger fires whenever the updated answer has isRevealed true, without looking at the previous value.",
       [("lib/fcm-fanout.js", "if (after.isRevealed !== true || (before !== null && before.isRevealed === true)) return { send: false };",
         "if (after.isRevealed !== true) return { send: false };")],
       {"op": "reveal.trigger", "userId": "alice", "couple": {"userIds": ["alice", "bob"]},
        "before": {"isRevealed": True, "questionId": "q1"}, "after": {"isRevealed": True, "questionId": "q1"}}, port="node")

_ACCOUNT = {"id": "0f8fad5b-d9cb-469f-a165-70867728950e", "linkedMemberId": None, "equivalentMemberIds": []}

mutant("node-payback-member-id-case-sensitive", "payback", "contract", "specs/profiles/payback/identity.md",
       "both sides compare the lower-case canonical text",
       "Member ids are compared as the text written, so an upper-case id is another member.",
       [("lib/payback.js", "  return text.toLowerCase(); // ASCII hex digits only, so toLowerCase is exact here", "  return text;")],
       {"op": "payback.isMe", "account": _ACCOUNT, "memberId": "0F8FAD5B-D9CB-469F-A165-70867728950E"}, port="node")

mutant("node-payback-email-unicode-lowercase", "payback", "contract", "specs/profiles/payback/identity.md",
       "and ASCII `A`–`Z` are lower-cased; every other character is kept as written",
       "'lowercase emails' is done with the full Unicode lower-casing of the platform.",
       [("lib/payback.js", "  return trimmed.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));", "  return trimmed.toLowerCase();")],
       {"op": "payback.normalizeEmail", "email": "\u00c9MILE@EXAMPLE.COM"}, port="node")

mutant("node-payback-description-js-trim", "payback", "contract", "specs/profiles/payback/validation.md",
       "The description is empty when every character is Unicode White_Space:",
       "'Empty' is checked with the platform's trim(), which also removes U+FEFF.",
       [("lib/payback.js", "  if (WHITE_SPACE.test(d.description)) out.push('payback.expense_missing_description');",
         "  if (d.description.trim() === '') out.push('payback.expense_missing_description');")],
       {"op": "payback.validateExpense", "description": "\ufeff", "amountCents": 100, "mode": "equal",
        "participants": [{"memberId": "0f8fad5b-d9cb-469f-a165-70867728950e"}]}, port="node")

mutant("node-payback-leftover-list-order", "payback", "contract", "specs/profiles/payback/balance.md",
       "between equal remainders, to the lower member id, compared as lower-case canonical UUID text",
       "A leftover cent between equal remainders goes to the earlier participant in the list.",
       [("lib/payback.js", "    || (people[i].memberId < people[j].memberId ? -1 : people[i].memberId > people[j].memberId ? 1 : 0) || i - j);",
         "    || i - j);")],
       {"op": "payback.splitExpense", "amountCents": 100, "mode": "equal", "participants": [
           {"memberId": "ffffffff-0000-0000-0000-000000000000"}, {"memberId": "00000000-0000-0000-0000-000000000001"},
           {"memberId": "88888888-0000-0000-0000-000000000000"}]}, port="node")

mutant("node-doc-fcmtokens-closed", "closer", "contract", "specs/documents.md",
       "Open: TokenRegistrar also writes a device id",
       "fcmTokens is read as closed like users and couples, so a member beyond token, platform, updatedAt is refused.",
       [("lib/documents.js", "    rules: [req('token', T.nonEmpty, 'a non-empty string'), req('platform', platform, '\"android\" or \"ios\"'), req('updatedAt', T.timestamp, 'a timestamp')],\n    server: [], closed: false,",
         "    rules: [req('token', T.nonEmpty, 'a non-empty string'), req('platform', platform, '\"android\" or \"ios\"'), req('updatedAt', T.timestamp, 'a timestamp')],\n    server: [], closed: true,")],
       {"op": "doc.validate", "path": "users/alice/fcmTokens/t1",
        "document": {"token": "tok", "platform": "ios", "updatedAt": {"timestampValue": NOW}, "deviceId": "d1"}}, port="node")

mutant("node-doc-expires-at-not-before", "closer", "contract", "specs/documents.md",
       "`expiresAt` is after `assignedAt`.",
       "'after' is read as 'not before', so expiresAt equal to assignedAt passes.",
       [("lib/documents.js", "if (!(timestampNanos(doc.assignedAt) < timestampNanos(doc.expiresAt)))",
         "if (!(timestampNanos(doc.assignedAt) <= timestampNanos(doc.expiresAt)))")],
       {"op": "doc.validate", "path": "couples/c1/daily_question/2025-03-14",
        "document": {"questionId": "q1", "date": "2025-03-14", "assignedAt": {"timestampValue": NOW},
                     "expiresAt": {"timestampValue": NOW}}}, port="node")

mutant("node-game-key-triple-underscore-reserved", "closer", "contract", "specs/cloud-functions.md",
       "`___` is a key, `____` is reserved.",
       "Any key that starts and ends with `__` is reserved, so the overlapping `___` is refused too.",
       [("lib/cascades.js", "  if (/^__.*__$/.test(key)) fail(", "  if (key.startsWith('__') && key.endsWith('__')) fail(")],
       {"op": "game.claimPush", "session": {}, "key": "___", "now": NOW}, port="node")

mutant("node-account-delete-invite-any-status", "closer", "contract", "specs/cloud-functions.md",
       "An invite is the user's pending invite when its `status` is exactly `\"pending\"` and its `inviterUserId` is the uid.",
       "Every invite the user created is deleted, whatever its status.",
       [("lib/cascades.js", "if (document.status === 'pending' && document.inviterUserId === uid)", "if (document.inviterUserId === uid)")],
       {"op": "account.delete", "uid": "alice", "user": {}, "couple": None, "partnerUser": None,
        "invites": [{"code": "ABC234", "document": {"status": "accepted", "inviterUserId": "alice"}}]}, port="node")
