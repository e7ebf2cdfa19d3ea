"""The post-game review: a seat's decisions in a recorded deal, each set beside the
expert's appraisal (docs/review.md).

Pure Python like the model and the bots: :mod:`.moments` replays the record into the
seat's views, :mod:`.engine` appraises them, :mod:`.verdicts` names the verdicts and
:mod:`.reasons` says why the biggest mistake mattered.
"""

from __future__ import annotations

from .engine import Decision, Review, ReviewStopped, Summary, review_deal, review_game
from .moments import Moment, SeatDeal, seat_decisions
from .verdicts import VERDICTS, verdict

__all__ = ["VERDICTS", "Decision", "Moment", "Review", "ReviewStopped", "SeatDeal", "Summary",
           "review_deal", "review_game", "seat_decisions", "verdict"]
