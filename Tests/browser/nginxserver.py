"""A real nginx on 127.0.0.1 serving a folder, for the tests (test_deploy: precompressed
siblings) and the benchmarks (bench/nginxhost.py: HTTPS and HTTP/2). One process, run as whoever
runs it, its files in `prefix`; what differs between uses is given as configuration text.
"""
import socket
import subprocess
import time

CONF = """
{main}
daemon off;
# One process, as whoever runs it: workers would switch to a user that cannot read tmp.
master_process off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{}}
http {{
  include /etc/nginx/mime.types;
  log_format protocol '$server_protocol $request_uri';
  access_log {prefix}/access.log protocol;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
{http}
  server {{
    listen 127.0.0.1:{port}{listen};
    root {root};
{server}
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Nginx:
    """nginx serving `root` from `prefix` (an existing, writable folder): `main` goes at the top
    of the configuration (modules), `http` into its http block, `listen` after the address (" ssl
    http2"), `server` into the server block. `url` is its base URL once it accepts connections."""

    def __init__(self, root, prefix, main="", http="", listen="", server=""):
        self.prefix = str(prefix)
        port = free_port()
        conf = f"{self.prefix}/nginx.conf"
        with open(conf, "w") as f:
            f.write(CONF.format(prefix=self.prefix, port=port, root=root, main=main, http=http, listen=listen, server=server))
        self.process = subprocess.Popen(["/usr/sbin/nginx", "-p", self.prefix, "-c", conf, "-e", f"{self.prefix}/error.log"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"{'https' if 'ssl' in listen else 'http'}://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("nginx did not start: " + self.process.stderr.read().decode())
                time.sleep(0.05)
        self.close()
        raise RuntimeError("nginx did not start")

    def protocols(self):
        """The protocols requests came over so far, as nginx logged them ({"HTTP/2.0"}, …)."""
        with open(f"{self.prefix}/access.log") as f:
            return {line.split()[0] for line in f if line.strip()}

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)
