"""Apache Tomcat (Debian's tomcat10) listing a tree with its DefaultServlet's listings on.

Tomcat runs from CATALINA_HOME with its own CATALINA_BASE in the work folder: a
server.xml with one connector on 127.0.0.1, the packaged web.xml with listings on,
and the tree as the ROOT context.
"""

import os
import re
import shutil
import subprocess

from servers.process import Server, wait_listening

CATALINA_HOME = os.environ.get('CATALINA_HOME', '/usr/share/tomcat10')
WEB_XML = '/etc/tomcat10/web.xml'

SERVER_XML = """\
<?xml version="1.0" encoding="UTF-8"?>
<Server port="-1" shutdown="SHUTDOWN">
  <Service name="Catalina">
    <Connector port="{port}" address="127.0.0.1" protocol="HTTP/1.1" URIEncoding="UTF-8"/>
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false">
        <Valve className="org.apache.catalina.valves.AccessLogValve" directory="{work}"
               prefix="access" suffix=".log" rotatable="false" pattern="common"/>
      </Host>
    </Engine>
  </Service>
</Server>
"""
CONTEXT = '<Context docBase="{root}" allowLinking="true"/>\n'


def tomcat_version():
    done = subprocess.run(['java', '-cp', CATALINA_HOME + '/lib/catalina.jar',
                           'org.apache.catalina.util.ServerInfo'], capture_output=True, text=True)
    return done.stdout.strip().splitlines()[0]


class Tomcat(Server):
    """Tomcat serving root at / with the DefaultServlet's directory listings."""

    name = 'tomcat'

    def write_config(self):
        for folder in ('conf/Catalina/localhost', 'logs', 'temp', 'work', 'webapps'):
            (self.work / folder).mkdir(parents=True, exist_ok=True)
        (self.work / 'conf' / 'server.xml').write_text(
            SERVER_XML.format(port=self.port, work=self.work), encoding='utf-8')
        web = open(WEB_XML, encoding='utf-8').read()
        web = re.sub(r'(<param-name>listings</param-name>\s*<param-value>)false',
                     r'\1true', web, count=1)
        (self.work / 'conf' / 'web.xml').write_text(web, encoding='utf-8')
        for name in ('logging.properties', 'catalina.properties'):
            if os.path.exists('/etc/tomcat10/' + name):
                shutil.copy('/etc/tomcat10/' + name, self.work / 'conf' / name)
        (self.work / 'conf' / 'Catalina' / 'localhost' / 'ROOT.xml').write_text(
            CONTEXT.format(root=self.root), encoding='utf-8')
        return None

    def command(self, config):
        return [CATALINA_HOME + '/bin/catalina.sh', 'run']

    def environment(self):
        return dict(super().environment(), CATALINA_HOME=CATALINA_HOME,
                    CATALINA_BASE=str(self.work), CATALINA_TMPDIR=str(self.work / 'temp'))

    def start(self):
        self.work.mkdir(parents=True, exist_ok=True)
        self.write_config()
        import subprocess as sp
        self.process = sp.Popen(self.command(None), stdout=sp.DEVNULL, stderr=sp.PIPE,
                                env=self.environment())
        # The JVM takes its time.
        wait_listening(self.process, self.port, self.name, seconds=90)
        return self
