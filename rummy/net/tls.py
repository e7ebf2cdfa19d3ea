"""Encrypted connections (``wss://``): the server's TLS context from its certificate files,
and the words the desktop client gives a player when an encrypted connection cannot be
made. docs/hosting.md says how a host gets a certificate.

The client never falls back to ``ws://`` on its own: someone on the player's network who
breaks a ``wss://`` connection must not get a plain one in its place.
"""

from __future__ import annotations

import ssl
from pathlib import Path

from websockets.exceptions import InvalidMessage, InvalidStatus

GUIDE = "see docs/hosting.md"

UNTRUSTED = {18, 19, 20, 21, 27}
"""OpenSSL's verify codes for a certificate no authority the player's computer trusts
signed: self-signed (18, 19), an issuer it does not know (20, 21), not trusted (27)."""
EXPIRED, NOT_YET_VALID = 10, 9
WRONG_NAME = {62, 64}
"""Host name and IP address mismatch."""


def server_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS context (TLS 1.2 at least) from a PEM certificate chain and its
    private key. ValueError with one sentence saying which file is wrong and how."""
    for what, name in (("certificate", cert), ("key", key)):
        path = Path(name)
        if not path.exists():
            raise ValueError(f"the {what} file {name} does not exist")
        try:
            with path.open("rb") as file:
                file.read(1)
        except OSError as err:  # a folder, no permission
            raise ValueError(f"the {what} file {name} cannot be read: {err.strerror}") from None
    probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    try:
        probe.load_verify_locations(cafile=cert)
    except ssl.SSLError:
        raise ValueError(f"{cert} holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
                         ) from None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key, password=_no_passphrase)
    except _Passphrase:
        raise ValueError(f"the key {key} is protected by a passphrase: the server starts"
                         " unattended, so give it a key without one") from None
    except ssl.SSLError as err:
        if err.reason == "KEY_VALUES_MISMATCH":
            raise ValueError(f"the key {key} is not the key of the certificate {cert}"
                             ) from None
        raise ValueError(f"{key} holds no PEM private key for the certificate {cert}"
                         ) from None
    return context


class _Passphrase(Exception):
    pass


def _no_passphrase() -> str:
    """OpenSSL asks for an encrypted key's passphrase on the terminal unless told."""
    raise _Passphrase


def client_context() -> ssl.SSLContext:
    """What a ``wss://`` connection trusts when nobody says otherwise: the system's
    certificate authorities (``SSL_CERT_FILE`` and ``SSL_CERT_DIR`` replace them)."""
    return ssl.create_default_context()


def lasting_failure(err: BaseException, url: str) -> str | None:
    """The sentence for a failed connection that trying again cannot mend (the server's
    certificate, or the wrong one of ``ws://`` and ``wss://``); None for any other failure
    (a server down or restarting is tried again)."""
    secure = url.startswith("wss://")
    where = url.split("://", 1)[-1]
    if isinstance(err, ssl.SSLCertVerificationError):
        code = err.verify_code
        if code in UNTRUSTED:
            return ("The server's certificate is not trusted (self-signed?): ask its host to"
                    f" use a certificate from a certificate authority, {GUIDE}.")
        if code == EXPIRED:
            return f"The server's certificate has expired: ask its host to renew it, {GUIDE}."
        if code == NOT_YET_VALID:
            return ("The server's certificate is not valid yet: check this computer's date"
                    " and time.")
        if code in WRONG_NAME:
            host = where.rpartition(":")[0]
            return (f"The server's certificate is not for {host}: type the name it was issued"
                    f" for (the one the host gave you), {GUIDE}.")
        return (f"The server's certificate could not be verified ({err.verify_message}):"
                f" ask its host, {GUIDE}.")
    if secure and isinstance(err, ssl.SSLError) and err.reason == "WRONG_VERSION_NUMBER":
        # the answer to the encrypted greeting came back in plain text
        return (f"The server at {where} does not use encryption (wss://): check the"
                " address with its host.")
    if not secure and isinstance(err, InvalidStatus) and _asks_for_https(err):
        return f"The server at {where} uses encryption: type wss://{where}."
    return None


def passing_failure(err: BaseException, url: str) -> str | None:
    """A hint for a failure that is tried again but may be the wrong scheme typed: a
    server that closes the connection without a word (an encrypted server reading a plain
    request does that, and so does a plain one reading an encrypted greeting)."""
    where = url.split("://", 1)[-1]
    if url.startswith("ws://") and isinstance(err, InvalidMessage):
        return (f"The server at {where} closed the connection without answering: if it uses"
                f" encryption, type wss://{where}.")
    if url.startswith("wss://") and isinstance(err, ssl.SSLEOFError):
        return (f"The server at {where} closed the encrypted connection before it began:"
                " check with its host that it serves wss://.")
    return None


def _asks_for_https(err: InvalidStatus) -> bool:
    """A web server's refusal of a plain request on its encrypted port (nginx: "The plain
    HTTP request was sent to HTTPS port"; Caddy: "Client sent an HTTP request to an HTTPS
    server")."""
    response = err.response
    return response.status_code == 400 and b"HTTPS" in bytes(response.body or b"")
