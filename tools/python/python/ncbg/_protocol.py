"""The values an NCBP engine client reads and sends, and the reading of its
lines: :class:`Limit` (what ``go`` is sent), :class:`Option` (an ``option``
line), :class:`Info` (an ``info`` line), :class:`PlayResult`, and the
errors. :mod:`ncbg.engine` talks to the process and re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ._ncbg import IllegalTurn, State, Turn

class EngineError(RuntimeError):
    """The engine misbehaved: no answer in time, an ``error`` reply, an
    illegal or malformed answer. The message ends with its stderr tail."""

    def __init__(self, message: str, stderr: str = "") -> None:
        self.stderr = stderr
        if stderr:
            message = f"{message}\n--- engine stderr (tail) ---\n{stderr}"
        super().__init__(message)


class EngineTerminatedError(EngineError):
    """The engine process exited or closed its output."""


@dataclass
class Limit:
    """When to stop a search (the first limit reached). Times in seconds."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[float] = None
    xtime: Optional[float] = None
    ytime: Optional[float] = None
    xinc: Optional[float] = None
    yinc: Optional[float] = None
    movestogo: Optional[int] = None
    """Turns of the side to move until its clock is refilled, this one
    included (a moves-per-session time control); None: the clock is for
    the rest of the game."""

    def go_args(self) -> List[str]:
        """The ``go`` command's arguments (times in milliseconds)."""
        args: List[str] = []
        if self.depth is not None:
            args += ["depth", str(int(self.depth))]
        if self.nodes is not None:
            args += ["nodes", str(int(self.nodes))]
        for name in ("movetime", "xtime", "ytime", "xinc", "yinc"):
            v = getattr(self, name)
            if v is not None:
                args += [name, str(max(0, int(round(v * 1000))))]
        if self.movestogo is not None:
            args += ["movestogo", str(int(self.movestogo))]
        return args

    def time_budget(self, side: str) -> Optional[float]:
        """The longest the search may take by its time limits, or None."""
        if self.movetime is not None:
            return self.movetime
        clock = self.xtime if side == "X" else self.ytime
        return clock


@dataclass
class Option:
    """An engine option as its ``option`` line declares it."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: List[str] = field(default_factory=list)

    def parse(self, value: Any) -> str:
        """The value as sent with ``setoption``; raises EngineError when it
        is out of range or not one of the choices. None for a ``string``
        option is the empty value (the engine's default: ``EvalFile``'s
        embedded nets, no ``Tables``)."""
        if value is None and self.type == "string":
            return ""
        if self.type == "check":
            if isinstance(value, str):
                if value.lower() not in ("true", "false"):
                    raise EngineError(f"option {self.name}: {value!r} is not true or false")
                return value.lower()
            return "true" if value else "false"
        if self.type == "spin":
            try:
                v = int(value)
            except (TypeError, ValueError):
                raise EngineError(f"option {self.name}: {value!r} is not an integer") from None
            if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
                raise EngineError(f"option {self.name}: {v} is outside {self.min}..{self.max}")
            return str(v)
        if self.type == "combo":
            for c in self.var:
                if c.lower() == str(value).lower():
                    return c
            raise EngineError(f"option {self.name}: {value!r} is not one of {self.var}")
        return str(value)


@dataclass
class Info:
    """One ``info`` line: what the engine found at a depth."""

    depth: Optional[int] = None
    multipv: int = 1
    mp: Optional[int] = None
    """Score for the side to move in millipoints (1000 = one point)."""
    exact: bool = False
    nodes: Optional[int] = None
    nps: Optional[int] = None
    time: Optional[float] = None
    """Seconds."""
    tbhits: Optional[int] = None
    pv: List[Turn] = field(default_factory=list)
    pv_tokens: List[str] = field(default_factory=list)
    string: Optional[str] = None

    @property
    def score(self) -> Optional[float]:
        """The score in points (``mp / 1000``)."""
        return None if self.mp is None else self.mp / 1000.0

    def __getitem__(self, key: str) -> Any:  # python-chess style info["score"]
        return getattr(self, key)


@dataclass
class PlayResult:
    """The engine's answer to :meth:`SimpleEngine.play`."""

    turn: Turn
    """The turn chosen (legal in the state searched)."""
    info: Info
    """The last ``info`` line of the best line."""
    token: str = ""
    """The ``bestmove`` token as the engine wrote it."""
    cube: Optional[str] = None
    """The cube action answered (``"double"``, ``"take"``, ``"drop"``,
    ``"beaver"``), or None for a pick or a play."""
    cube_analysis: Optional[str] = None
    """The engine's ``info string cube ...`` (its cube equities), if sent."""


def _parse_option(line: str) -> Optional[Option]:
    words = line.split()
    if len(words) < 4 or words[0] != "option" or words[1] != "name":
        return None
    try:
        ti = words.index("type", 2)
    except ValueError:
        return None
    name = " ".join(words[2:ti])
    if ti + 1 >= len(words):
        return None
    opt = Option(name=name, type=words[ti + 1])
    key: Optional[str] = None
    vals: Dict[str, List[str]] = {}
    for w in words[ti + 2:]:
        if w in ("default", "min", "max", "var"):
            key = w
            if w == "var":
                opt.var.append("")
            else:
                vals[w] = []
            continue
        if key == "var":
            opt.var[-1] = (opt.var[-1] + " " + w).strip()
        elif key is not None:
            vals[key].append(w)
    if "default" in vals:
        opt.default = " ".join(vals["default"])
    for k in ("min", "max"):
        if vals.get(k):
            try:
                setattr(opt, k, int(vals[k][0]))
            except ValueError:
                pass
    return opt


def _parse_info(line: str, state: State) -> Info:
    words = line.split()
    info = Info()
    i = 1
    while i < len(words):
        w = words[i]
        if w == "string":
            info.string = line.split(None, 2)[2] if len(words) > 2 else ""
            break
        if w == "pv":
            info.pv_tokens = words[i + 1:]
            break
        if w == "score" and i + 2 < len(words) and words[i + 1] == "mp":
            try:
                info.mp = int(words[i + 2])
            except ValueError:
                pass
            i += 3
            if i < len(words) and words[i] == "exact":
                info.exact = True
                i += 1
            continue
        if w in ("depth", "multipv", "nodes", "nps", "time", "tbhits") and i + 1 < len(words):
            try:
                v = int(words[i + 1])
            except ValueError:
                v = None
            if v is not None:
                if w == "time":
                    info.time = v / 1000.0
                else:
                    setattr(info, w, v)
            i += 2
            continue
        i += 1
    if info.pv_tokens:
        s = state.copy(stack=False)
        for tok in info.pv_tokens:
            try:
                t = s.parse_turn(tok)
            except IllegalTurn:
                break
            info.pv.append(t)
            s.push(t)
    return info
