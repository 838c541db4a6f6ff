// Loaded into HFS before it starts (servers/hfs.py): HFS looks for a UPnP gateway on every
// network interface as it starts and every ten minutes after (its src/nat.js, through
// nat-upnp-rejetto, which sends an SSDP search from each interface that is not internal).
// Shown the internal interfaces alone, it sends nothing past the loopback.
'use strict';
const os = require('os');
const every = os.networkInterfaces;
os.networkInterfaces = () => Object.fromEntries(Object.entries(every())
  .map(([name, addresses]) => [name, addresses.filter((address) => address.internal)])
  .filter(([, addresses]) => addresses.length > 0));
