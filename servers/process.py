"""What every server run for the tests shares: a free port, a child process, an access log.

A server is started in the foreground with a configuration written into its
own work folder (never a system service), listens on 127.0.0.1 only, and
logs every request into work/access.log, one line each. Tests count requests
in that log: requests() reads it as dicts {time, duration, status, bytes,
method, uri, accept}, uri exactly as the client sent it (still percent-encoded).
"""

import os
import re
import socket
import subprocess
import time
from pathlib import Path

# The line every server but Caddy is told to write: end time in seconds, duration
# (in the server's duration_unit), status, body bytes, the request line, the Accept header.
LOG_LINE = re.compile(r'^(\S+) (\S+) (\d+) (\d+|-) "(\S+) (\S+) [^"]*" "([^"]*)"$')


def log_time(text):
    """Seconds since the epoch of a log line's `seconds.fraction`. lighttpd 1.4.69 now and
    then writes something else after the seconds ('1796074766/000'): they then stand alone."""
    seconds = re.match(r'\d+', text).group()
    fraction = text[len(seconds):]
    return float(text) if fraction[:1] == '.' and fraction[1:].isdigit() else float(seconds)


def stop_process(process, timeout=10):
    """End a child process: ask it to stop, and kill it if it has not within timeout seconds."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


def on_this_machine(seconds):
    """seconds as this machine needs them now: an idle machine's figure, times the tasks
    waiting for each core (the last minute's load average) where there are more than one.
    A wait that ends on an event ends there; this is how long it may take before it counts
    as failed, so that a busy machine (a build beside the tests) fails nothing an idle one
    passes."""
    return seconds * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


def wait_listening(process, port, name, seconds=10):
    """Return once something accepts connections on 127.0.0.1:port; raise with the
    process's own words if it exits first, or after seconds (on_this_machine)."""
    seconds = on_this_machine(seconds)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError('{} did not start: {}'.format(
                name, process.stderr.read().decode(errors='replace')))
        try:
            socket.create_connection(('127.0.0.1', port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    stop_process(process)
    raise RuntimeError('{} did not listen on port {} within {:.1f} s'.format(name, port, seconds))


def version_of(command):
    """The first line a server prints about its version."""
    done = subprocess.run(command, capture_output=True, text=True)
    return (done.stdout + done.stderr).strip().splitlines()[0]


class Server:
    """One server process on 127.0.0.1 serving root, configured in the folder work.

    A kind of server names itself (`name`), gives its configuration file's name
    and template (`config_name`, `config_template`, filled by str.format with
    config_fields(); or overrides write_config, which returns what command()
    needs), says how to run it in the foreground (command) and in what unit its
    log gives durations, in seconds.
    timezone is the TZ it runs in, which is what listings in local time show
    (None: the environment's); extra is more configuration, added where the
    kind of server says.
    """

    name = 'server'
    duration_unit = 1

    def __init__(self, root, work, port=None, timezone='UTC', extra=''):
        self.root = Path(root)
        self.work = Path(work)
        self.port = port or free_port()
        self.timezone = timezone
        self.extra = extra
        self.process = None

    @property
    def origin(self):
        return 'http://127.0.0.1:{}'.format(self.port)

    def url(self, path='/'):
        return self.origin + path

    @property
    def access_log(self):
        return self.work / 'access.log'

    config_name = ''
    config_template = ''

    def config_fields(self):
        """The values the configuration template is filled with."""
        return {'work': self.work, 'port': self.port, 'root': self.root, 'extra': self.extra}

    def write_config(self):
        config = self.work / self.config_name
        config.write_text(self.config_template.format(**self.config_fields()), encoding='utf-8')
        return config

    def command(self, config):
        raise NotImplementedError

    def environment(self):
        environment = dict(os.environ)
        if self.timezone is not None:
            environment['TZ'] = self.timezone
        return environment

    def start(self):
        self.work.mkdir(parents=True, exist_ok=True)
        config = self.write_config()
        self.process = subprocess.Popen(self.command(config), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=self.environment())
        wait_listening(self.process, self.port, self.name)
        return self

    def stop(self):
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def log_record(self, line):
        """The request one access log line records, or None for a line that is not one."""
        match = LOG_LINE.match(line)
        if not match:
            return None
        return {
            'time': log_time(match.group(1)),
            'duration': float(match.group(2)) * self.duration_unit,
            'status': int(match.group(3)),
            'bytes': 0 if match.group(4) == '-' else int(match.group(4)),
            'method': match.group(5), 'uri': match.group(6), 'accept': match.group(7)}

    def requests(self):
        """Every request logged so far: dicts {time, duration, status, bytes, method, uri, accept}."""
        if not self.access_log.exists():
            return []
        found = []
        for line in self.access_log.read_text(encoding='utf-8', errors='replace').splitlines():
            record = self.log_record(line)
            if record is not None:
                found.append(record)
        return found

    def forget_requests(self):
        """Empty the access log, so the next count starts at zero."""
        if self.access_log.exists():
            self.access_log.write_text('')
