"""A minimal inetd: accept on 127.0.0.1:PORT and run COMMAND once per connection, the
connection its standard input and output, as inetd runs micro_httpd.

    python -m servers.inetd PORT COMMAND...
"""

import socket
import subprocess
import sys


def main(argv):
    port, command = int(argv[0]), argv[1:]
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(('127.0.0.1', port))
        listener.listen(64)
        while True:
            connection, _ = listener.accept()
            with connection:
                # Not waited for: each child ends when it has answered; the kernel reaps it.
                subprocess.Popen(command, stdin=connection.fileno(), stdout=connection.fileno(),
                                 stderr=subprocess.DEVNULL)
            reap()


def reap():
    """Collect children that have ended, so none stays a zombie."""
    import os
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


if __name__ == '__main__':
    main(sys.argv[1:])
