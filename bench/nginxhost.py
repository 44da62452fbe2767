"""A real nginx on 127.0.0.1 serving a built site over HTTPS and HTTP/2, gzipping as it sends
(level 6), as a static host or CDN does: for timings where the protocol matters (a browser opens
at most six HTTP/1.1 connections to a host, but sends every request at once over HTTP/2).

The certificate is self-signed, made by openssl in a temporary folder: open the pages in a
browser context with ignore_https_errors. Needs nginx and openssl (bash .ci/install --test).
"""
import os
import shutil
import socket
import subprocess
import tempfile
import time

CONF = """
daemon off;
# One process, as whoever runs the bench: workers would switch to a user that cannot read /tmp.
master_process off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{}}
http {{
  include /etc/nginx/mime.types;
  types {{ text/javascript js; application/json json; }}
  log_format protocol '$server_protocol $request_uri';
  access_log {prefix}/access.log protocol;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
  gzip on;
  gzip_comp_level 6;
  gzip_types application/json text/javascript text/css image/svg+xml;
  add_header Cache-Control no-store;
  server {{
    listen 127.0.0.1:{port} ssl http2;
    ssl_certificate {prefix}/cert.pem;
    ssl_certificate_key {prefix}/key.pem;
    root {root};
  }}
}}
"""


class NginxHost:
    def __init__(self, root):
        self.prefix = tempfile.mkdtemp(prefix="sitegen-nginx-")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                        "-keyout", os.path.join(self.prefix, "key.pem"), "-out", os.path.join(self.prefix, "cert.pem")],
                       check=True, capture_output=True)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        conf = os.path.join(self.prefix, "nginx.conf")
        with open(conf, "w") as f:
            f.write(CONF.format(prefix=self.prefix, port=port, root=os.path.abspath(root)))
        self.process = subprocess.Popen(["/usr/sbin/nginx", "-p", self.prefix, "-c", conf, "-e", os.path.join(self.prefix, "error.log")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"https://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("nginx did not start: " + self.process.stderr.read().decode())
                time.sleep(0.05)
        raise RuntimeError("nginx did not start")

    def protocols(self):
        """The protocols requests came over so far ({"HTTP/2.0"} when all is well)."""
        with open(os.path.join(self.prefix, "access.log")) as f:
            return {line.split()[0] for line in f if line.strip()}

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)
        shutil.rmtree(self.prefix, ignore_errors=True)
