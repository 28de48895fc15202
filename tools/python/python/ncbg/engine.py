"""Any NCBP engine as a subprocess, shaped like python-chess's
``chess.engine``::

    with ncbg.engine.SimpleEngine.popen(["path/to/ncbg"]) as eng:
        eng.configure({"Threads": 2})
        result = eng.play(state, ncbg.engine.Limit(movetime=0.1))
        state.push(result.turn)
        infos = eng.analyse(state, ncbg.engine.Limit(depth=3), multipv=3)

The protocol is ``protocol/ncbp.md``: the ``ncbp`` handshake (``id``,
``option`` lines, ``ncbpok``), ``position state <id> moves <token>...``
(the state's move stack is sent as moves, so the engine sees the game's
history for repetitions), ``go`` with limits, ``info`` lines and one
``bestmove``. A timeout, an engine that exits or closes its output, an
``error`` reply or an answer that is not a legal turn raise
:class:`EngineError` with the engine's stderr tail. The engine process never
outlives the ``with`` block (nor a :meth:`SimpleEngine.close`): it is asked
to ``quit`` and killed (with its process group) if it does not.
"""

from __future__ import annotations

import collections
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Deque, Dict, List, Mapping, Optional, Sequence, Union

from ._ncbg import IllegalTurn, State, Turn

__all__ = [
    "EngineError",
    "EngineTerminatedError",
    "Info",
    "Limit",
    "Option",
    "PlayResult",
    "SimpleEngine",
]


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


_EOF = object()


def _pdeathsig() -> None:  # pragma: no cover - runs in the child
    """Linux: the engine gets SIGKILL when this process dies."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


class SimpleEngine:
    """A blocking NCBP engine client; make one with :meth:`popen`.

    ``timeout`` (seconds) bounds the handshake, every ``isready`` and, on top
    of a search's time limit (``movetime``, the side's clock), every ``go``.
    A search limited only by depth or nodes waits ``search_timeout`` (None:
    as long as it takes).
    """

    def __init__(
        self,
        proc: "subprocess.Popen[bytes]",
        *,
        timeout: float = 10.0,
        search_timeout: Optional[float] = None,
        stderr_lines: int = 40,
    ) -> None:
        self.proc = proc
        self.timeout = timeout
        self.search_timeout = search_timeout
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self._lines: "queue.Queue[object]" = queue.Queue()
        self._stderr: Deque[str] = collections.deque(maxlen=stderr_lines)
        self._closed = False
        self._dead = False
        self._searching = False
        self._send_lock = threading.Lock()
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        threading.Thread(target=self._pump_stderr, daemon=True).start()
        try:
            self._handshake()
        except BaseException:
            self.close()
            raise

    # --- process plumbing -------------------------------------------------

    @classmethod
    def popen(
        cls,
        command: Union[str, Sequence[str]],
        *,
        timeout: float = 10.0,
        search_timeout: Optional[float] = None,
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
        stderr_lines: int = 40,
    ) -> "SimpleEngine":
        """Starts ``command`` (a list of arguments, or one program path) and
        does the ``ncbp`` handshake. Raises :class:`EngineError` when it
        cannot be started or does not answer ``ncbpok`` in ``timeout``."""
        args = [command] if isinstance(command, (str, os.PathLike)) else list(command)
        kwargs: Dict[str, Any] = {}
        # Linux sends the parent-death signal when the *thread* that started
        # the child ends: only the main thread's engines get it.
        if sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread():
            kwargs["preexec_fn"] = _pdeathsig
        if os.name == "posix":
            kwargs["start_new_session"] = True
        try:
            proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=None if env is None else dict(env),
                bufsize=0,
                **kwargs,
            )
        except OSError as e:
            raise EngineError(f"cannot start engine {args!r}: {e}") from e
        return cls(proc, timeout=timeout, search_timeout=search_timeout, stderr_lines=stderr_lines)

    def _pump_stdout(self) -> None:
        assert self.proc.stdout is not None
        try:
            for raw in iter(self.proc.stdout.readline, b""):
                self._lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _pump_stderr(self) -> None:
        assert self.proc.stderr is not None
        try:
            for raw in iter(self.proc.stderr.readline, b""):
                self._stderr.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    def stderr_tail(self) -> str:
        """The engine's last stderr lines."""
        # Give the stderr reader a moment to catch up with a dying engine.
        if self.proc.poll() is not None:
            time.sleep(0.05)
        return "\n".join(self._stderr)

    def _fail(self, message: str, terminated: bool = False) -> EngineError:
        """Closes the engine and returns the error to raise."""
        self._dead = True
        code = self.proc.poll()
        if code is None:
            self._kill()
            code = self.proc.poll()
        tail = self.stderr_tail()
        if terminated:
            return EngineTerminatedError(f"{message} (exit status {code})", tail)
        return EngineError(message, tail)

    def send(self, line: str) -> None:
        """Sends one protocol line."""
        if self._dead or self._closed:
            raise EngineTerminatedError("the engine is closed", self.stderr_tail())
        assert self.proc.stdin is not None
        try:
            with self._send_lock:
                self.proc.stdin.write((line + "\n").encode("utf-8"))
                self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail(f"the engine exited (writing {line!r})", terminated=True) from None

    def _read(self, deadline: Optional[float], waiting_for: str) -> str:
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            item = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise self._fail(f"the engine did not answer {waiting_for} in time") from None
        if item is _EOF:
            try:
                self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
            raise self._fail(f"the engine exited while waiting for {waiting_for}", terminated=True)
        return item  # type: ignore[return-value]

    def _deadline(self, seconds: Optional[float]) -> Optional[float]:
        return None if seconds is None else time.monotonic() + seconds

    # --- protocol ---------------------------------------------------------

    def _handshake(self) -> None:
        self.send("ncbp")
        deadline = self._deadline(self.timeout)
        while True:
            line = self._read(deadline, "'ncbp' with 'ncbpok'")
            if line == "ncbpok":
                break
            if line.startswith("id "):
                parts = line.split(None, 2)
                if len(parts) == 3:
                    self.id[parts[1]] = parts[2]
            elif line.startswith("option "):
                opt = _parse_option(line)
                if opt is not None:
                    self.options[opt.name] = opt

    def ping(self) -> List[str]:
        """``isready`` → ``readyok``; returns the ``error`` lines that came
        before it (replies to commands that print nothing when they work)."""
        self.send("isready")
        deadline = self._deadline(self.timeout)
        errors: List[str] = []
        while True:
            line = self._read(deadline, "'isready' with 'readyok'")
            if line == "readyok":
                return errors
            if line.startswith("error"):
                errors.append(line)

    def _option(self, name: str) -> Option:
        for n, o in self.options.items():
            if n.lower() == name.lower():
                return o
        raise EngineError(f"the engine has no option {name!r} (it has {', '.join(self.options)})")

    def configure(self, options: Mapping[str, Any]) -> None:
        """Sets options (``{"Threads": 2, "Hash": 64}``); names are matched
        without regard to case; None for a string option sends an empty
        value (``{"EvalFile": None}``: the embedded nets). Raises
        EngineError for an unknown option, a bad value, or an ``error``
        reply."""
        for name, value in options.items():
            opt = self._option(name)
            if opt.type == "button":
                self.send(f"setoption name {opt.name}")
            else:
                v = opt.parse(value)
                self.send(f"setoption name {opt.name} value" + (f" {v}" if v else ""))
        errors = self.ping()
        if errors:
            raise EngineError("; ".join(errors), self.stderr_tail())

    def newgame(self) -> None:
        """``newgame``: clears the engine's hash table."""
        self.send("newgame")
        errors = self.ping()
        if errors:
            raise EngineError("; ".join(errors), self.stderr_tail())

    def _position(self, state: State) -> None:
        stack = state.move_stack
        root = stack[0].before if stack else state
        line = f"position state {root.id}"
        if stack:
            line += " moves " + " ".join(str(t) for t in stack)
        self.send(line)
        errors = self.ping()
        if errors:
            raise EngineError(f"position refused: {'; '.join(errors)}", self.stderr_tail())

    def _go(self, state: State, limit: Limit, multipv: Optional[int]) -> "tuple[str, List[Info]]":
        if state.is_over():
            raise EngineError(f"the game is over: {state.result()}")
        self._position(state)
        args = ["go"] + limit.go_args()
        if multipv is not None and multipv > 1:
            args += ["multipv", str(int(multipv))]
        budget = limit.time_budget(state.turn)
        wait = budget + self.timeout if budget is not None else self.search_timeout
        self.send(" ".join(args))
        self._searching = True
        try:
            deadline = self._deadline(wait)
            infos: List[Info] = []
            while True:
                line = self._read(deadline, "'go' with 'bestmove'")
                if line.startswith("info "):
                    infos.append(_parse_info(line, state))
                elif line.startswith("bestmove"):
                    self._searching = False
                    parts = line.split()
                    if len(parts) < 2:
                        raise self._fail(f"malformed answer {line!r}")
                    return parts[1], infos
                elif line.startswith("error"):
                    self._searching = False
                    raise EngineError(f"'{' '.join(args)}' refused: {line}", self.stderr_tail())
        except BaseException:
            # Interrupted (KeyboardInterrupt, an error of ours, a timeout):
            # the engine must not be left searching, or every later command
            # would get `busy`.
            if self._searching:
                self._abort_search()
            raise

    def _abort_search(self) -> None:
        """Sends ``stop`` and reads up to the ``bestmove`` (at most
        ``timeout`` seconds; an engine that does not answer is killed).
        Raises nothing: it runs while another exception is raised."""
        self._searching = False
        if self._dead or self._closed:
            return
        try:
            self.send("stop")
            deadline = self._deadline(self.timeout)
            while not self._read(deadline, "'stop' with 'bestmove'").startswith("bestmove"):
                pass
        except BaseException:
            if not self._dead:
                self._dead = True
                self._kill()

    def stop(self) -> None:
        """Asks a running search to end now (``stop``): a :meth:`play` or
        :meth:`analyse` running in another thread returns at once with the
        engine's best so far. Does nothing when no search runs. (An
        exception raised inside ``play`` or ``analyse``, a
        ``KeyboardInterrupt`` say, stops the search by itself.)"""
        if self._searching and not (self._dead or self._closed):
            self.send("stop")

    def _turn(self, state: State, token: str) -> Turn:
        try:
            return state.parse_turn(token)
        except IllegalTurn as e:
            raise EngineError(f"the engine answered an illegal turn {token!r}: {e}", self.stderr_tail()) from None

    def play(self, state: State, limit: Limit) -> PlayResult:
        """Searches ``state`` within ``limit`` and returns the engine's turn."""
        token, infos = self._go(state, limit, None)
        turn = self._turn(state, token)
        best = [i for i in infos if i.string is None and i.multipv == 1]
        return PlayResult(turn=turn, info=best[-1] if best else Info(), token=token)

    def analyse(self, state: State, limit: Limit, *, multipv: Optional[int] = None) -> Any:
        """Searches ``state`` within ``limit`` and returns the last
        :class:`Info` of the best line, or with ``multipv`` a list of the
        best ``multipv`` lines' last infos (best first)."""
        token, infos = self._go(state, limit, multipv)
        self._turn(state, token)
        lines = [i for i in infos if i.string is None and i.depth is not None]
        if multipv is None:
            best = [i for i in lines if i.multipv == 1]
            return best[-1] if best else Info()
        deepest = max((i.depth or 0 for i in lines), default=0)
        by_rank: Dict[int, Info] = {}
        for i in lines:
            if i.depth == deepest or i.multipv not in by_rank:
                by_rank[i.multipv] = i
        return [by_rank[r] for r in sorted(by_rank)][: max(1, multipv)]

    # --- ending -----------------------------------------------------------

    def _kill(self) -> None:
        try:
            if os.name == "posix":
                import signal

                os.killpg(self.proc.pid, signal.SIGKILL)
            else:
                self.proc.kill()
        except (ProcessLookupError, PermissionError, OSError):
            try:
                self.proc.kill()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def quit(self) -> None:
        """Sends ``quit``, waits a moment, then kills the process (and its
        process group) if it is still there."""
        self.close()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=min(2.0, self.timeout))
            except subprocess.TimeoutExpired:
                pass
        # The engine's own helpers (its process group) go with it.
        self._kill()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not self._closed:
                self.close()
        except Exception:
            pass
