"""A real nginx on 127.0.0.1 serving a built site over HTTPS and HTTP/2, gzipping as it sends
(level 6), as a static host or CDN does: for timings where the protocol matters (a browser opens
at most six HTTP/1.1 connections to a host, but sends every request at once over HTTP/2).

The certificate is self-signed, made by openssl in a temporary folder: open the pages in a
browser context with ignore_https_errors. Needs nginx and openssl (bash .ci/install --test).
The nginx itself is the tests' (Tests/browser/nginxserver.py).
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser"))
from nginxserver import Nginx  # noqa: E402

HTTP = """  types { text/javascript js; application/json json; }
  gzip on;
  gzip_comp_level 6;
  gzip_types application/json text/javascript text/css image/svg+xml;
  add_header Cache-Control no-store;"""


class NginxHost(Nginx):
    def __init__(self, root):
        self.folder = tempfile.mkdtemp(prefix="sitegen-nginx-")
        key, cert = os.path.join(self.folder, "key.pem"), os.path.join(self.folder, "cert.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                        "-keyout", key, "-out", cert], check=True, capture_output=True)
        super().__init__(os.path.abspath(root), self.folder, http=HTTP, listen=" ssl http2",
                         server=f"    ssl_certificate {cert};\n    ssl_certificate_key {key};")

    def close(self):
        super().close()
        shutil.rmtree(self.folder, ignore_errors=True)
