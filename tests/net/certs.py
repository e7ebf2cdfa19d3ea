"""Self-signed certificates for tests of ``wss://``, made with the ``openssl`` command."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

LOOPBACK_NAMES = ("127.0.0.1", "localhost")


def make_certificate(folder: Path, names: tuple[str, ...] = LOOPBACK_NAMES,
                     stem: str = "server") -> tuple[Path, Path]:
    """(certificate, key) in ``folder``, for ``names`` (IP addresses and host names);
    skips the test when ``openssl`` is missing."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("the openssl command is not installed (apt-get install openssl)")
    cert, key = folder / f"{stem}.crt", folder / f"{stem}.key"
    alt = ",".join(f"IP:{n}" if n[0].isdigit() else f"DNS:{n}" for n in names)
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={names[0]}",
                    "-addext", f"subjectAltName={alt}"],
                   check=True, capture_output=True, timeout=30)
    return cert, key


def trusting(cert: Path) -> ssl.SSLContext:
    """A client context that trusts ``cert`` and nothing else."""
    return ssl.create_default_context(cafile=str(cert))
