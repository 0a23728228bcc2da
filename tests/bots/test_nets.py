"""Reading the learnt networks' files without numpy (``puur.bots.nets.read_arrays``): numpy's own ``.npz``
files read back value for value, and what is not such a file refused with a clear error."""

from __future__ import annotations

import io
import zipfile

import numpy as np
import pytest

from puur.bots.nets import Head, Layer, read_arrays, relu


def _npz(**arrays: object) -> bytes:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def test_numpy_s_files_read_back_value_for_value() -> None:
    w = np.arange(12, dtype=np.float16).reshape(3, 4) / 8
    got = read_arrays(_npz(w=w, b=np.float32([1.5, -2, 0, 3]), n=np.array(2), meta=np.array('{"a": "ä"}')))
    assert got["w"] == ((3, 4), [float(v) for v in w.reshape(-1)])
    assert got["b"] == ((4,), [1.5, -2.0, 0.0, 3.0]) and got["n"] == ((), [2]) and got["meta"] == '{"a": "ä"}'
    layer = Layer(got["w"], got["b"])
    x = {0: 1.0, 2: 0.5}
    want = (np.float32([1, 0, 0.5]) @ w.astype(np.float32) + np.float32([1.5, -2, 0, 3])).tolist()
    assert layer(x) == pytest.approx(want) and layer(dict(enumerate([1.0, 0.0, 0.5]))) == pytest.approx(want)
    h = relu(layer(x))
    assert set(h) == {i for i, v in enumerate(want) if v > 0}
    head = Head(got["w"], got["b"])
    assert head({0: 1.0, 2: 0.5}, 3) == pytest.approx(want[3])


def test_what_is_not_a_numpy_array_file_is_refused() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("w.npy", b"not an array")
    with pytest.raises(ValueError, match="not a .npy array"):
        read_arrays(buf.getvalue())
    with pytest.raises(ValueError, match="element type"):
        read_arrays(_npz(c=np.complex64([1j])))
    with pytest.raises(ValueError, match="Fortran"):
        read_arrays(_npz(f=np.asfortranarray(np.ones((2, 3), dtype=np.float32))))
