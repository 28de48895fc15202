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
from typing import Any, Deque, Dict, List, Mapping, Optional, Sequence, Union

from ._ncbg import IllegalTurn, State, Turn
from ._protocol import (
    EngineError,
    EngineTerminatedError,
    Info,
    Limit,
    Option,
    PlayResult,
    _parse_info,
    _parse_option,
)

__all__ = [
    "EngineError",
    "EngineTerminatedError",
    "Info",
    "Limit",
    "Option",
    "PlayResult",
    "SimpleEngine",
]

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
        cube = [i.string[len("cube "):] for i in infos if i.string is not None and i.string.startswith("cube ")]
        return PlayResult(
            turn=turn,
            info=best[-1] if best else Info(),
            token=token,
            cube=turn.cube_action,
            cube_analysis=cube[-1] if cube else None,
        )

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
