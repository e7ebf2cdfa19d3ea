"""A person at ``python -m rummy play``, for its tests: a bot choosing the seat's moves,
typed as a person types them, with a wrong move of each kind on the way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rummy.ai import make_bot
from rummy.cli_moves import typed
from rummy.cli_play import play_match
from rummy.model.view import PlayerView
from rummy.session import Session

ROOT = Path(__file__).resolve().parents[1]


class Person:
    """Answers the terminal's prompts with a bot's choices, typed; records the session."""

    def __init__(self, game: Session, bot: str = "medium", seed: int = 0,
                 wrong: Callable[[PlayerView], str | None] | None = None,
                 limit: int = 3000, rounds: int | None = None) -> None:
        self.game = game
        self.rounds = rounds
        self.bot = make_bot(bot, seed)
        self.wrong = wrong
        self.limit = limit
        self.typed: list[str] = []
        self.out: list[str] = []
        self.refused: list[tuple[str, str]] = []  # (what was typed, the reply)
        self._pending: str | None = None
        self._before: object = None

    def write(self, text: str) -> None:
        self.out.append(text)
        if self._pending is not None and "not now:" in text:
            self.refused.append((self._pending, text))

    def read(self, prompt: str) -> str:
        assert len(self.typed) < self.limit, "the game does not end"
        if self._pending is not None:  # the wrong move was refused: nothing changed
            assert self.game.match is self._before, self._pending
            self._pending = None
        if prompt != "> ":  # between rounds: on to the next, or stop after ``rounds``
            self.typed.append("" if self.rounds is None or
                              len(self.game.match.sheet) < self.rounds else "q")
            return self.typed[-1]
        match = self.game.match
        seat = match.seats.index(0)
        view = self.game.view(seat)
        bad = self.wrong(view) if self.wrong else None
        if bad is not None:
            self._pending, self._before = bad, match
            line = bad
        else:
            line = typed(self.bot.choose(view, self.game.legal_actions(seat)))
        self.typed.append(line)
        return line

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def play(variant: str, seed: int, person: Callable[[Session], Person],
         options: dict[str, object] | None = None) -> tuple[Session, Person]:
    game = Session.new(variant, 2, seed, options or {})
    who = person(game)
    bots = {1: make_bot("greedy", seed + 1)}
    assert play_match(game, bots, read=who.read, write=who.write) == 0
    return game, who


def one_wrong_move_per_kind(kinds: dict[str, Callable[[PlayerView], str | None]]
                            ) -> Callable[[PlayerView], str | None]:
    """Each wrong move of ``kinds`` typed once, at the first turn it applies to."""
    left = dict(kinds)

    def wrong(view: PlayerView) -> str | None:
        for name, make in list(left.items()):
            line = make(view)
            if line is not None:
                del left[name]
                return line
        return None

    return wrong
