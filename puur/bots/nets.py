"""The learnt networks' inference in plain Python, so that the players that use them need nothing beyond the
standard library: the server's table, the command line and the engine in the page alike.

A network is stored as numpy writes it (``.npz``: a zip of ``.npy`` arrays, the weights in half precision),
by the scripts that learn it (``puur.env.hand_net``, ``puur.env.policy_net``), and read here with ``zipfile``
and ``struct`` (``read_arrays``; the format is numpy's ``NEP 1``). An observation's encoding is mostly zeros
(``puur.info.encoding.features`` gives the rest), so the first layer adds up only the rows of the inputs that
are set, and each later layer only the rows of the units that fired: a few thousand multiplications a layer
rather than the full product. ``tests/env/test_policy_net.py`` and ``tests/env/test_hand_net.py`` hold the
results equal to numpy's and to the networks written out sum by sum; ``tests/bots/test_nets.py`` the reading.
"""

from __future__ import annotations

import ast
import io
import json
import struct
import zipfile
from typing import Any

NPY_MAGIC = b"\x93NUMPY"
_FORMATS = {"<f2": "e", "<f4": "f", "<f8": "d", "<i8": "q", "<i4": "i"}
"""The ``.npy`` element types read (little-endian), by their ``struct`` letter."""


def read_arrays(data: bytes) -> dict[str, Any]:
    """The arrays of an ``.npz`` file by name: a number array as ``(shape, flat values)``; a scalar string
    (numpy's ``<U``) as ``str``. ``ValueError`` for anything else."""
    out: dict[str, Any] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for entry in z.namelist():
            raw = z.read(entry)
            if not raw.startswith(NPY_MAGIC):
                raise ValueError(f"{entry}: not a .npy array")
            major = raw[6]
            size_bytes = 2 if major == 1 else 4
            (length,) = struct.unpack("<H" if major == 1 else "<I", raw[8 : 8 + size_bytes])
            start = 8 + size_bytes + length
            header = ast.literal_eval(raw[8 + size_bytes : start].decode("latin1"))
            descr, shape = header["descr"], tuple(header["shape"])
            if header["fortran_order"]:
                raise ValueError(f"{entry}: a Fortran-ordered array")
            body = raw[start:]
            name = entry.removesuffix(".npy")
            if descr.startswith("<U"):
                out[name] = body.decode("utf-32-le").rstrip("\0")
            elif descr in _FORMATS:
                count = 1
                for n in shape:
                    count *= n
                out[name] = (shape, list(struct.unpack(f"<{count}{_FORMATS[descr]}", body[: count * struct.calcsize(_FORMATS[descr])])))
            else:
                raise ValueError(f"{entry}: element type {descr} is not read")
    return out


def rows(array: tuple[tuple[int, ...], list[float]]) -> list[list[float]]:
    """A ``(inputs, outputs)`` weight matrix as one list of outputs per input."""
    (n, m), flat = array
    return [flat[i * m : (i + 1) * m] for i in range(n)]


def columns(array: tuple[tuple[int, ...], list[float]]) -> list[list[float]]:
    """A ``(inputs, outputs)`` weight matrix as one list of inputs per output."""
    (n, m), flat = array
    return [flat[j::m] for j in range(m)]


class Layer:
    """A dense layer ``x @ w + b``, kept by input rows, so that an input of zero costs nothing."""

    __slots__ = ("bias", "rows")

    def __init__(self, weights: tuple[tuple[int, ...], list[float]], bias: tuple[tuple[int, ...], list[float]]) -> None:
        self.rows = rows(weights)
        self.bias = list(bias[1])
        if len(self.rows[0]) != len(self.bias):
            raise ValueError("a layer's weights and bias do not match")

    def __call__(self, x: dict[int, float]) -> list[float]:
        """The layer's outputs for the inputs ``x`` that are not zero, by index (``features``, ``relu``)."""
        out = list(self.bias)
        for i, v in x.items():
            out = [o + v * w for o, w in zip(out, self.rows[i], strict=True)]
        return out


def relu(x: list[float]) -> dict[int, float]:
    """The rectified units that fired, by index (the next layer's non-zero inputs)."""
    return {i: v for i, v in enumerate(x) if v > 0}


class Head:
    """A dense output layer read one output at a time (a network's scores for the legal actions only)."""

    __slots__ = ("bias", "columns")

    def __init__(self, weights: tuple[tuple[int, ...], list[float]], bias: tuple[tuple[int, ...], list[float]]) -> None:
        self.columns = columns(weights)
        self.bias = list(bias[1])

    def __call__(self, h: dict[int, float], k: int) -> float:
        """Output ``k`` for the hidden units ``h`` (those that fired, by index)."""
        column = self.columns[k]
        return self.bias[k] + sum(v * column[i] for i, v in h.items())


def metadata(arrays: dict[str, Any]) -> dict[str, Any]:
    """The JSON ``meta`` string that the learners store beside the weights."""
    meta: dict[str, Any] = json.loads(arrays["meta"])
    return meta


__all__ = ["Head", "Layer", "columns", "metadata", "read_arrays", "relu", "rows"]
