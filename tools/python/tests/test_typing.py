"""The package is typed and documented: the stub names every name of the
extension, py.typed is installed, every public name has a docstring.
(`python -m mypy.stubtest ncbg._ncbg` checks the stub's signatures.)"""

import inspect
import re
from pathlib import Path

import ncbg
from ncbg import _ncbg


def test_stub_names_every_extension_name():
    pkg = Path(ncbg.__file__).parent
    assert (pkg / "py.typed").is_file()
    stub = (pkg / "_ncbg.pyi").read_text()
    declared = set(re.findall(r"^(?:class|def) (\w+)", stub, re.M)) | {"__version__"}
    assert set(_ncbg.__all__) <= declared, set(_ncbg.__all__) - declared
    for name in dir(_ncbg.State):
        if not name.startswith("_"):
            assert re.search(rf"def {name}\(", stub), f"State.{name} is not in the stub"


def test_every_public_name_is_documented():
    modules = [ncbg, ncbg.engine, ncbg.matchfile, ncbg.mat, ncbg.tables]
    for m in modules:
        assert m.__doc__, m.__name__
        for name in m.__all__:
            obj = getattr(m, name)
            if inspect.isclass(obj) or inspect.isroutine(obj):
                assert obj.__doc__, f"{m.__name__}.{name}"
    for cls in [ncbg.State, ncbg.Turn, ncbg.Searcher, ncbg.Table]:
        for name, member in vars(cls).items():
            if not name.startswith("_") and callable(member):
                assert member.__doc__, f"{cls.__name__}.{name}"
