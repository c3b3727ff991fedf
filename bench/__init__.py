"""Benchmarks: scripts that print figures about speed and strength (scripts/bench). Not part of
the app that ships: the wheel and the bundle carry engine/ and server/ only."""
