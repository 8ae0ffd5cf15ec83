"""`isProfileComplete` and `profileCompletion` of Unstoppable's `GET /v1/bootstrap`, written from
specs/profiles/unstoppable/profile-completion.md: six onboarding steps (nickname, ageGroup,
gender, notificationsEnabled, both required terms true, paymentOption), the percent rounded down.
"""

from __future__ import annotations

from . import unstoppable
from .errors import fail

STEPS = 6


def completion(profile) -> dict:
    if not isinstance(profile, dict):
        raise fail("unstoppable.not_an_object", "a stored profile is a JSON object")
    unstoppable.check(unstoppable._obj(unstoppable._PROFILE_MEMBERS), profile, "profile")
    done = sum((
        "nickname" in profile, "ageGroup" in profile, "gender" in profile, "notificationsEnabled" in profile,
        profile.get("termsAccepted") is True and profile.get("termsOver16Accepted") is True,
        "paymentOption" in profile,
    ))
    return {"isProfileComplete": done == STEPS, "profileCompletion": done * 100 // STEPS}
