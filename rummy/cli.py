"""The command line: ``python -m rummy start|play|check|simulate|review|bench|serve|verify``.

- ``start`` (what ``python3 main.py`` runs): says what the game is and plays a demo deal,
  bot against bot, in the terminal (the desktop client will take its place).
- ``play``: a match in the terminal against bots, in any variant (:mod:`rummy.cli_play`).
- ``check``: the best arrangement of a hand (or ``--group``: what one group counts as),
  as one JSON object.
- ``simulate``: bot-against-bot deals checked after every action; the summary is the last
  line, as JSON.
- ``review RECORD --seat N``: a seat's decisions in a saved deal beside the expert's
  (:mod:`rummy.cli_review`).
- ``bench [NAME]``: runs ``benchmarks/bench_NAME.py`` (all of them without a name).
- ``serve``: the game server for online tables (:mod:`rummy.net.server`).
- ``verify FILE...``: checks saved proofs that online deals were dealt as committed
  (:mod:`rummy.net.proof`); exit status 1 when one fails.

Usage errors (bad cards, an unknown variant, a wrong card count) print one line on stderr
and exit with status 2; ``simulate`` exits with 1 when any deal had an error.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import ssl
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from rummy.cli_common import UsageError, one_line, parse_options
from rummy.cli_common import load_variant_with as _load
from rummy.cli_review import add_parser as add_review
from rummy.model.cards import Card, CardError, make_deck, parse_cards
from rummy.model.rules import family_of
from rummy.model.solver import best_arrangement
from rummy.model.variant import list_variant_ids
from rummy.model.variant_type import Variant

if TYPE_CHECKING:  # the server's modules need websockets, imported only by ``serve``
    from rummy.net.conn import Network
    from rummy.net.serve import ServiceUrls

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"


# ---------------------------------------------------------------- verify


def cmd_verify(args: argparse.Namespace) -> int:
    """Check each saved deal proof again: the commitment, the deck, every view."""
    from rummy.net.proof import load

    failed = 0
    for name in args.files:
        try:
            proof = load(Path(name))
        except (OSError, ValueError) as err:
            raise UsageError(f"{name}: {one_line(err)}") from None
        verdict = proof.check()
        failed += not verdict.ok
        print(f"{name}: table {proof.code}, deal {proof.deal + 1}: {verdict.headline}")
        for line in verdict.details:
            print(f"  {line}")
    return 1 if failed else 0


# ---------------------------------------------------------------- check


def read_hand(variant: Variant, cards: Sequence[str],
              cut: str | None) -> tuple[Card | None, tuple[Card, ...]]:
    """Read the cut card and the hand together (repeated faces become later copies), and
    check that each is a card of the variant's deck."""
    tokens = " ".join(cards).replace(",", " ").split()
    if cut is not None:
        tokens.insert(0, cut)
    try:
        read = parse_cards(tokens)
    except CardError as err:
        raise UsageError(one_line(err)) from err
    deck = set(make_deck(variant.packs, variant.printed_jokers))
    for card in read:
        if card not in deck:
            if card.is_printed_joker:
                held = f"{variant.printed_jokers} printed joker(s)"
            else:
                held = f"{variant.packs} pack(s), so {variant.packs} of each card"
            raise UsageError(f"{card.code} is not in the deck of {variant.id} ({held})")
    if cut is not None:
        return read[0], read[1:]
    return None, read


def check_hand(variant: Variant, hand: Sequence[Card], cut: Card | None) -> dict[str, Any]:
    """What ``check`` prints for a hand: the best arrangement's points and groups."""
    best = best_arrangement(variant, hand, cut=cut)
    return {
        "valid": best.valid,
        "points": best.points,
        "count": best.count,
        "groups": [[c.code for c in g] for g in best.groups],
        "ungrouped": [c.code for c in best.ungrouped],
    }


def check_group(variant: Variant, group: Sequence[Card], cut: Card | None) -> dict[str, Any]:
    """What ``check --group`` prints: the best reading of one group (classic and contract
    families: ``run``, ``set`` or ``invalid``)."""
    return {"kind": family_of(variant).group_kind(variant, group, cut)}


def cmd_check(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    cut, cards = read_hand(variant, args.cards, args.cut)
    if args.group:
        out = check_group(variant, cards, cut)
    else:
        # Classic and contract hands change size in play: any number of cards is a hand.
        size = family_of(variant).hand_size(variant)
        if size is not None and len(cards) != size:
            raise UsageError(f"a hand of {variant.id} has {size} cards,"
                             f" got {len(cards)} (use --group to check one group)")
        out = check_hand(variant, cards, cut)
    print(json.dumps(out))
    return 0


# ---------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    from rummy.simulate import simulate

    if args.variant == "all":  # every shipped variant in turn, one summary line each
        status, players = 0, args.players
        for vid in list_variant_ids():
            variant = _load(vid)
            args.variant = vid
            args.players = min(max(players, variant.min_players), variant.max_players)
            print(f"{vid} ({args.players} players)", end=": ", flush=True)
            status = max(status, cmd_simulate(args))
        return status
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    options = parse_options(args.options)
    if args.match:
        return _simulate_matches(args, bots, options)
    _load(args.variant, options)  # a bad variant or option is a usage error
    if args.games < 0:
        raise UsageError("--games cannot be negative")
    narrate = print if args.verbose else None
    try:
        summary = simulate(args.variant, args.players, args.games, args.seed, bots, options,
                           rotate=args.rotate, failed_dir=args.failed_dir,
                           max_turns=args.max_turns, narrate=narrate)
    except ValueError as err:  # unknown bot, player count out of range
        raise UsageError(one_line(err)) from err
    for report in summary.reports:
        if report.error is not None:
            saved = f"; record: {report.record_path}" if report.record_path else ""
            print(f"game {report.index} (deal seed {report.seed}): {report.error}{saved}",
                  file=sys.stderr)
    print(json.dumps(summary.to_json()))
    return 1 if summary.errors else 0


def _simulate_matches(args: argparse.Namespace, bots: list[str],
                      options: dict[str, Any]) -> int:
    from rummy.simulate import DEFAULT_MAX_TURNS, simulate_match

    _load(args.variant, options)
    try:
        summary = simulate_match(args.variant, args.players, args.games, args.seed, bots,
                                 options, max_turns=args.max_turns or DEFAULT_MAX_TURNS)
    except ValueError as err:
        raise UsageError(one_line(err)) from err
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


# ---------------------------------------------------------------- start, play, bench


INTRO = """\
Rummy {version}: Indian 13-card rummy and friends, an open-source game in Python.
The rules engine is ready; the desktop client is on its way. Meanwhile:
  python -m rummy play        play a match in this terminal against the greedy bot
  python -m rummy simulate    bot-against-bot deals, checked after every move
  python -m rummy check ...   the best arrangement and count of a hand
Variants: {variants}.
Here is a demo deal, greedy bot against random bot (seed {seed}):
"""


def cmd_start(args: argparse.Namespace) -> int:
    from rummy.simulate import simulate

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    print(INTRO.format(version=_version(), variants=", ".join(list_variant_ids()), seed=seed))
    summary = simulate(args.variant, 2, 1, seed, ("greedy", "random"), failed_dir=None,
                       narrate=print)
    report = summary.reports[0]
    print()
    if report.error is not None:
        print(f"the demo deal failed: {report.error}", file=sys.stderr)
        return 1
    again = "" if args.variant == "indian_13" else f" --variant {args.variant}"
    print(f"Same deal again: python -m rummy simulate{again} --games 1 --seed {seed} --verbose")
    return 0


def _version() -> str:
    """The version in pyproject.toml, or the installed package's (``pip install .``)."""
    try:
        for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
            if line.startswith("version"):
                return line.partition("=")[2].strip().strip('"')
    except OSError:
        pass
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rummy")
    except PackageNotFoundError:
        return "(unknown version)"


def cmd_play(args: argparse.Namespace) -> int:
    """A match in the terminal against bots, every rule family: see :mod:`rummy.cli_play`."""
    from rummy.cli_play import cmd_play as play

    return play(args)


def benchmark_scripts() -> dict[str, Path]:
    """The benchmarks by name: ``benchmarks/bench_NAME.py``."""
    return {p.stem.removeprefix("bench_"): p for p in sorted(BENCHMARKS.glob("bench_*.py"))}


def cmd_bench(args: argparse.Namespace) -> int:
    """Run one benchmark script with the extra arguments, or every one without arguments."""
    scripts = benchmark_scripts()
    if args.name is None:
        chosen = list(scripts.values())
    elif args.name in scripts:
        chosen = [scripts[args.name]]
    else:
        names = ", ".join(scripts) or "none (benchmarks/ comes with the source checkout)"
        raise UsageError(f"no benchmark {args.name!r} (benchmarks: {names})")
    worst = 0
    for script in chosen:
        print(f"== {script.relative_to(ROOT)}", file=sys.stderr, flush=True)
        worst = max(worst, subprocess.call([sys.executable, str(script), *args.extra],
                                           cwd=ROOT))
    return worst


# ---------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rummy", description="Rummy: rules engine, bots and tools.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    start = sub.add_parser("start", help="say what this is and play a demo deal (main.py)")
    start.add_argument("--variant", default="indian_13")
    start.add_argument("--seed", type=int, default=None)
    start.set_defaults(run=cmd_start)

    play = sub.add_parser("play", help="play a match in the terminal against bots")
    play.add_argument("--variant", default="indian_13")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--bot", default="greedy", help="the bots' kind (default: greedy)")
    play.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    play.add_argument("--ceremony", action="store_true",
                      help="pick the toss (and the two-player joker) from the spread deck"
                           " yourself, as at the table without Quick start")
    play.set_defaults(run=cmd_play)

    check = sub.add_parser("check", help="best arrangement of a hand, or the kind of a group")
    check.add_argument("--variant", default="indian_13", help="variant id or .yaml path")
    check.add_argument("--cut", default=None, metavar="CARD", help="the cut wild joker")
    check.add_argument("--group", action="store_true",
                       help="classify the cards as one group instead")
    check.add_argument("cards", nargs="+", metavar="CARD", help="e.g. KC QC JC 10H JK 6S@1")
    check.set_defaults(run=cmd_check)

    simulate = sub.add_parser("simulate", help="bot-against-bot deals, checked as they go")
    simulate.add_argument("--variant", default="indian_13",
                          help="variant id or .yaml path; all = every shipped variant")
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--games", type=int, default=10)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", default="greedy,random",
                          help="comma-separated bot names, cycled over the seats")
    simulate.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE",
                          help="variant options, e.g. turn_timer=30 allow_drop=false")
    simulate.add_argument("--rotate", action="store_true",
                          help="shift the seating by one seat each game")
    simulate.add_argument("--max-turns", type=int, default=None,
                          help="stop a deal after this many turns as incomplete")
    simulate.add_argument("--failed-dir", default="failed-games",
                          help="where records of failed deals go (default: failed-games/)")
    simulate.add_argument("--verbose", action="store_true", help="print every event")
    simulate.add_argument("--match", action="store_true",
                          help="play whole matches (--games of them): pool/deals formats,"
                               " to target_score, seven contract rounds")
    simulate.set_defaults(run=cmd_simulate)

    add_review(sub)

    bench = sub.add_parser(
        "bench", help="run benchmarks/bench_NAME.py (every one without a NAME)",
        description="Other arguments go to the benchmark script, e.g. --games 20.")
    bench.add_argument("name", nargs="?", default=None, help="e.g. simulate, solver")
    bench.set_defaults(run=cmd_bench)

    verify = sub.add_parser(
        "verify", help="check the fairness proof of online deals played in this game",
        description="Each file is a deal's proof, as the desktop game saves it when a"
                    " server reveals the deal (the online-deals folder of the game's data);"
                    " see docs/protocol.md, 'Fair deals'. Exit status 1 when a proof fails.")
    verify.add_argument("files", nargs="+", metavar="FILE", help="a saved deal proof (.json)")
    verify.set_defaults(run=cmd_verify)

    serve = sub.add_parser("serve", help="run the game server for online tables")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0 for every network)")
    serve.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    serve.add_argument("--data", default=None,
                       help="folder of the table records (default: the user data folder)")
    serve.add_argument("--max-turns", type=int, default=None, metavar="N",
                       help="end a deal without a winner after N turns (default 600; 0: never)")
    serve.add_argument("--rate", type=float, default=None, metavar="N",
                       help="messages a second a connection may send before it is closed as"
                            " a flood (default 20)")
    serve.add_argument("--burst", type=float, default=None, metavar="N",
                       help="messages a connection may send at once (default 40)")
    serve.add_argument("--connections", type=int, default=None, metavar="N",
                       help="open connections one address may have (default 16; 0: no"
                            " limit)")
    serve.add_argument("--failed-joins", type=float, default=None, metavar="N",
                       help="joins with a wrong room code or token one address may make a"
                            " minute (default 10; 0: no limit)")
    serve.add_argument("--cert", default=None, metavar="FILE",
                       help="PEM certificate chain (e.g. certbot's fullchain.pem): serve wss://")
    serve.add_argument("--key", default=None, metavar="FILE",
                       help="the certificate's PEM private key (e.g. privkey.pem)")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                       help="a reverse proxy (IP or network) whose X-Forwarded-For names the"
                            " player; repeatable (docs/hosting.md)")
    serve.add_argument("--redis", default=None, metavar="URL",
                       help="one process of a service: its directory in Redis (with"
                            " --postgres; default: $RUMMY_REDIS_URL; docs/hosting.md)")
    serve.add_argument("--postgres", default=None, metavar="URL",
                       help="one process of a service: the records in PostgreSQL (with"
                            " --redis; default: $RUMMY_POSTGRES_URL)")
    serve.add_argument("--advertise", default=None, metavar="URL",
                       help="in a service, the ws:// or wss:// URL at which clients reach"
                            " this process (default: where it listens;"
                            " $RUMMY_ADVERTISE)")
    serve.set_defaults(run=cmd_serve)
    return parser


def cmd_serve(args: argparse.Namespace) -> int:
    """The authoritative server (rummy.net.server): tables over websockets."""
    try:
        from rummy.net.serve import run
    except ImportError as err:
        raise UsageError(f"the server needs the websockets package: {err}") from err
    from rummy.net.conn import Limits
    from rummy.net.room import DEFAULT_MAX_TURNS
    max_turns = DEFAULT_MAX_TURNS if args.max_turns is None else args.max_turns
    if max_turns < 0:
        raise UsageError("--max-turns is 0 (never) or more")
    limits = Limits()
    if args.rate is not None:
        if not args.rate > 0:
            raise UsageError("--rate is a number of messages a second, more than 0")
        limits.rate = args.rate
    if args.burst is not None:
        if not args.burst >= 1:
            raise UsageError("--burst is a number of messages, at least 1")
        limits.burst = args.burst
    if args.connections is not None:
        if args.connections < 0:
            raise UsageError("--connections is a number of connections, 0 for no limit")
        limits.connections_per_address = args.connections
    if args.failed_joins is not None:
        if not args.failed_joins >= 0:
            raise UsageError("--failed-joins is a number a minute, 0 for no limit")
        limits.failed_joins_per_minute = args.failed_joins
    return run(args.host, args.port, args.data, max_turns, limits, _tls(args),
               _proxies(args), _service(args))


def _service(args: argparse.Namespace) -> ServiceUrls | None:
    """The service this process joins (--redis and --postgres, or their environment
    variables), or None: alone, with SQLite."""
    from rummy.net.serve import ServiceUrls
    redis = args.redis or os.environ.get("RUMMY_REDIS_URL") or None
    postgres = args.postgres or os.environ.get("RUMMY_POSTGRES_URL") or None
    advertise = args.advertise or os.environ.get("RUMMY_ADVERTISE") or None
    if redis is None and postgres is None:
        if advertise is not None:
            raise UsageError("--advertise is for a process of a service (--redis and"
                             " --postgres)")
        return None
    if redis is None or postgres is None:
        raise UsageError("a service needs both --redis URL and --postgres URL (or"
                         " RUMMY_REDIS_URL and RUMMY_POSTGRES_URL)")
    if not redis.startswith(("redis://", "rediss://", "unix://")):
        raise UsageError("--redis is a URL such as redis://127.0.0.1:6379/0")
    if not postgres.startswith(("postgresql://", "postgres://")):
        raise UsageError("--postgres is a URL such as postgresql://rummy@127.0.0.1/rummy")
    if advertise is None and args.host in ("0.0.0.0", "::", ""):
        raise UsageError(f"listening on {args.host}, the process cannot tell clients where"
                         " it is: give --advertise ws://this-machine:port")
    if advertise is not None:
        from rummy.net.client import server_url
        try:
            shown = server_url(advertise, args.port)
        except ValueError as err:
            raise UsageError(f"--advertise: {err}") from None
        if "://" not in advertise or advertise.rstrip("/") != shown:
            raise UsageError(f"--advertise is a whole ws:// or wss:// URL with its port,"
                             f" such as {shown}")
    try:
        import psycopg  # noqa: F401
        import redis as _redis  # noqa: F401
    except ImportError as err:
        raise UsageError(f"a service needs redis and psycopg: pip install -r"
                         f" requirements-service.txt ({err})") from None
    return ServiceUrls(redis, postgres, advertise)


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The server's TLS context from --cert and --key (both or neither)."""
    if args.cert is None and args.key is None:
        return None
    if args.cert is None or args.key is None:
        raise UsageError("--cert and --key go together (the certificate and its key)")
    from rummy.net.tls import server_context
    try:
        return server_context(args.cert, args.key)
    except ValueError as err:
        raise UsageError(f"{err} (docs/hosting.md)") from err


def _proxies(args: argparse.Namespace) -> tuple[Network, ...]:
    from rummy.net.conn import proxy_networks
    try:
        return proxy_networks(args.trusted_proxy)
    except ValueError as err:
        raise UsageError(f"--trusted-proxy {err}") from err


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "bench":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    if getattr(args, "max_turns", 0) is None:
        from rummy.simulate import DEFAULT_MAX_TURNS

        args.max_turns = DEFAULT_MAX_TURNS
    try:
        code: int = args.run(args)
    except UsageError as err:
        _fail(args.command, str(err))
    except BrokenPipeError:  # e.g. piped into head
        return 0
    return code


def _fail(command: str, message: str) -> NoReturn:
    print(f"python -m rummy {command}: error: {message}", file=sys.stderr)
    raise SystemExit(2)
