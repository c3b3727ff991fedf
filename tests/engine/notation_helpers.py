"""The notation checks every game's action table gets: subclass `NotationCases` with
`CASES = [(canonical text, Action, JSON dict), ...]` covering every action type, `TYPES`,
and the game's `parse_text`, `from_dict` and `coerce` (as staticmethods)."""
import dataclasses
import json

import pytest


class NotationCases:
    CASES: list = []
    TYPES: tuple = ()

    def pytest_generate_tests(self, metafunc):
        if {"text", "action", "data"} <= set(metafunc.fixturenames):
            metafunc.parametrize("text,action,data", self.CASES,
                                 ids=[text for text, _, _ in self.CASES])

    def test_cases_cover_every_action_type(self):
        assert {action.type for _, action, _ in self.CASES} == set(self.TYPES)

    def test_text_to_action(self, text, action, data):
        assert self.parse_text(text) == action
        assert type(self.parse_text(text)) is type(action)

    def test_action_to_text(self, text, action, data):
        assert action.to_text() == text

    def test_dict_to_action(self, text, action, data):
        assert self.from_dict(data) == action
        assert self.from_dict(json.loads(json.dumps(data))) == action    # as it arrives over JSON

    def test_action_to_dict(self, text, action, data):
        assert action.to_dict() == data
        assert json.loads(json.dumps(action.to_dict())) == data           # JSON-ready

    def test_full_round_trip_text_action_dict_action_text(self, text, action, data):
        assert self.from_dict(self.parse_text(text).to_dict()).to_text() == text
        assert self.parse_text(self.from_dict(data).to_text()).to_dict() == data

    def test_coerce_accepts_all_three_forms(self, text, action, data):
        assert self.coerce(text) == self.coerce(data) == self.coerce(action) == action

    def test_actions_are_immutable_and_hashable(self, text, action, data):
        assert hash(action) == hash(self.parse_text(text))
        fields = dataclasses.fields(action)
        if fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(action, fields[0].name, None)
