"""Real web servers run in the foreground on 127.0.0.1: nginx (nginx/server.py), Apache,
lighttpd and Caddy, each with its directory listing on over a given tree."""
