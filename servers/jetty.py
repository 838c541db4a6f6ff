"""Eclipse Jetty (Debian's jetty9) listing a tree with its DefaultServlet (dirAllowed).

Jetty runs from jetty.home with a jetty.base in the work folder: the http and
deploy modules, one connector on 127.0.0.1, and the tree as the root web app.
"""

import os
import subprocess

from servers.process import Server, wait_listening

JETTY_HOME = os.environ.get('JETTY_HOME', '/usr/share/jetty9')

START_INI = """\
--module=server
--module=http
--module=deploy
--module=webapp
jetty.http.host=127.0.0.1
jetty.http.port={port}
"""
ROOT_XML = """\
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE Configure PUBLIC "-//Jetty//Configure//EN" "http://www.eclipse.org/jetty/configure_9_3.dtd">
<Configure class="org.eclipse.jetty.webapp.WebAppContext">
  <Set name="contextPath">/</Set>
  <Set name="resourceBase">{root}</Set>
</Configure>
"""


def jetty_version():
    """Jetty's version, from the package its jars came in."""
    done = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'jetty9'], capture_output=True,
                          text=True)
    return 'Jetty ' + (done.stdout.strip() or '9')


class Jetty(Server):
    """Jetty serving root at / as a web app: the DefaultServlet lists directories."""

    name = 'jetty'

    def write_config(self):
        (self.work / 'webapps').mkdir(parents=True, exist_ok=True)
        (self.work / 'start.ini').write_text(START_INI.format(port=self.port), encoding='utf-8')
        (self.work / 'webapps' / 'root.xml').write_text(ROOT_XML.format(root=self.root),
                                                         encoding='utf-8')
        return None

    def command(self, config):
        return ['java', '-Djava.io.tmpdir=' + str(self.work), '-jar', JETTY_HOME + '/start.jar',
                'jetty.home=' + JETTY_HOME, 'jetty.base=' + str(self.work)]

    def start(self):
        self.work.mkdir(parents=True, exist_ok=True)
        self.write_config()
        self.process = subprocess.Popen(self.command(None), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=self.environment(),
                                        cwd=str(self.work))
        wait_listening(self.process, self.port, self.name, seconds=90)
        return self
