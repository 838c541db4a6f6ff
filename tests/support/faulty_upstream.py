"""A small upstream on 127.0.0.1 that nginx proxies to, for faults nginx cannot make alone.

  /cut    promises a Content-Length, sends half a JSON listing and closes
  /eof    sends half a JSON listing with no length, then closes (a normal end
          for a response without a length, so the body arrives cut but whole)
  other   answers 204 after `delay` seconds (for auth_request: the listing is late)
"""

import socket
import threading
import time

HALF_LISTING = (b'[\r\n{ "name":"first", "type":"file", "mtime":"Mon, 15 Jul 2019 12:34:56 GMT", '
                b'"size":1 },\r\n{ "name":"sec')


class FaultyUpstream:
    def __init__(self, delay=3.0):
        self.delay = delay
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(('127.0.0.1', 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.running = True
        self.thread = threading.Thread(target=self.accept, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def accept(self):
        while self.running:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.answer, args=(connection,), daemon=True).start()

    def answer(self, connection):
        try:
            request = b''
            while b'\r\n\r\n' not in request:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                request += chunk
            path = request.split(b' ', 2)[1]
            if path.startswith(b'/cut'):
                connection.sendall(b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n'
                                   b'Content-Length: 5000\r\n\r\n' + HALF_LISTING)
            elif path.startswith(b'/eof'):
                connection.sendall(b'HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n'
                                   + HALF_LISTING)
            else:
                time.sleep(self.delay)
                connection.sendall(b'HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n')
        except OSError:
            pass
        finally:
            connection.close()

    def stop(self):
        self.running = False
        self.listener.close()
