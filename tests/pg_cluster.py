"""A throwaway PostgreSQL cluster for tests (the shared store's tests): Debian's server binaries, one cluster
per test process.

``postgres_url`` (session-scoped fixture) finds ``initdb``/``pg_ctl`` under ``/usr/lib/postgresql/*/bin``
(``make postgres-deps`` installs Debian's ``postgresql`` package, as ``make browser-deps`` installs
Chromium); where they are missing and the tests run as root it tries ``apt-get install -y postgresql`` once.
It runs ``initdb`` into a temporary folder (as the ``postgres`` user when run as root: the server refuses
to run as root), starts the server on a free loopback port with its socket in that folder, gives a URL
``postgresql://postgres@127.0.0.1:PORT/postgres`` and stops the cluster when the run ends. Where no server can be
had the tests that ask for it are skipped with the reason.

``fresh_database(url, name)`` creates an empty database in that cluster and returns its URL: a test module
that wants its own tables (the migrations applied to nothing) takes one.

Reuse from any test module: ``from pg_cluster import postgres_url  # noqa: F401`` (the fixture), or call
``start_cluster``/``stop_cluster`` directly.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from puur.server.probe import wait_serving

INSTALL_LOCK = os.path.join(tempfile.gettempdir(), "puur-postgres-install.lock")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find_bin() -> str | None:
    """The newest ``/usr/lib/postgresql/VERSION/bin`` holding ``initdb`` and ``pg_ctl``, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[-3]))
    return os.path.dirname(found[-1]) if found else None


def install() -> str | None:
    """Debian's ``postgresql`` package, installed once (a lock keeps parallel test workers from racing)."""
    if find_bin() or os.geteuid() != 0 or not shutil.which("apt-get"):
        return find_bin()
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if find_bin() is None:
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300)
            subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], env=env, capture_output=True,
                           timeout=600)
    return find_bin()


@dataclass
class Cluster:
    bindir: str
    datadir: str
    port: int
    user: str | None  # the OS user the server runs as (None: this process's user)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        cmd = list(args)
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd="/")


def start_cluster() -> Cluster:
    """initdb + pg_ctl start on a free port; ``RuntimeError`` (with the server's words) when it fails."""
    bindir = install()
    if bindir is None:
        raise RuntimeError("PostgreSQL's server binaries are not installed (apt-get install postgresql)")
    user = None
    root = tempfile.mkdtemp(prefix="puur-pg-")
    if os.geteuid() == 0:
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            raise RuntimeError("running as root and there is no 'postgres' user to run the server") from None
        user = "postgres"
        os.chmod(root, 0o700)
        os.chown(root, pw.pw_uid, pw.pw_gid)
    cluster = Cluster(bindir, os.path.join(root, "data"), _free_port(), user)
    done = cluster.run(f"{bindir}/initdb", "-D", cluster.datadir, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                       "--no-sync")
    if done.returncode:
        raise RuntimeError(f"initdb failed: {done.stderr.strip()[-500:]}")
    # no fsync: a test cluster; the socket in the cluster's own folder; loopback only
    opts = f"-p {cluster.port} -k {root} -c listen_addresses=127.0.0.1 -F -c max_connections=200"
    done = cluster.run(f"{bindir}/pg_ctl", "-D", cluster.datadir, "-l", os.path.join(root, "log"), "-o", opts,
                       "-w", "-t", "60", "start", timeout=90)
    if done.returncode:
        log = ""
        with contextlib.suppress(OSError), open(os.path.join(root, "log")) as f:
            log = f.read()[-800:]
        raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()[-300:]} {log}")
    return cluster


def stop_cluster(cluster: Cluster) -> None:
    cluster.run(f"{cluster.bindir}/pg_ctl", "-D", cluster.datadir, "-m", "immediate", "-w", "stop")
    shutil.rmtree(os.path.dirname(cluster.datadir), ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """An empty database ``name`` (dropped first if it exists) in the cluster of ``url``; its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


CLUSTER = pytest.StashKey["Cluster | str"]()
"""The run's cluster (or why none could be had), kept in pytest's config: each module that imports the fixture
``postgres_url`` holds a fixture of its own to pytest, and each would start a cluster (seconds of initdb and
start-up) where one serves them all."""


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> str:
    """A running throwaway PostgreSQL cluster's URL, one for the whole test process however many modules ask
    (stopped when the run ends); skipped with the reason where none can be had (asked once)."""
    stash = request.config.stash
    if CLUSTER not in stash:
        try:
            cluster = start_cluster()
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            stash[CLUSTER] = f"no PostgreSQL for these tests: {e}"
        else:
            stash[CLUSTER] = cluster
            request.config.add_cleanup(lambda: stop_cluster(cluster))
    found = stash[CLUSTER]
    if isinstance(found, str):
        pytest.skip(found)
    return found.url


__all__ = [
    "Cluster", "find_bin", "fresh_database", "install", "postgres_url", "start_cluster", "stop_cluster",
    "workers",
]  # fmt: skip


# ----- two `puur serve` processes sharing one database (tests/server/test_shared_store.py, the browser's
# online table) -----
@pytest.fixture(scope="module")
def workers(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:  # noqa: F811
    """Two ``puur serve`` processes on their own ports, one database: {"a": URL, "b": URL, "procs": [...]}."""
    db = fresh_database(postgres_url, "workers")
    logs = tmp_path_factory.mktemp("workers")
    procs, bases = [], []
    for name in ("a", "b"):
        port = _free_port()
        log = logs / f"{name}.log"
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", db, "--rate-games", "off",
             "--rate-calls", "off", "--rate-actions", "off"],
            stdout=subprocess.DEVNULL, stderr=log.open("w"), env={**os.environ, "PYTHONUNBUFFERED": "1"},
        ))  # fmt: skip
        bases.append((f"http://127.0.0.1:{port}", log))
    try:
        for (base, log), proc in zip(bases, procs, strict=True):
            wait_serving(base, proc, log=log)
        yield {"a": bases[0][0], "b": bases[1][0], "procs": procs, "db": db}
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            proc.wait(timeout=20)
