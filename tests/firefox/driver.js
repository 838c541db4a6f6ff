// Headless Firefox (Debian's firefox-esr) through WebDriver BiDi, driven by pytest.
//
// usage: node driver.js   then one JSON command per line on stdin, one JSON answer
// per line on stdout: {"ok": value} or {"error": message}. The browser starts once
// and closes on {"op": "quit"}, at the end of stdin, or on SIGTERM.
//
// Commands:
//   version                          -> "firefox/153.8.0"
//   parity {bundle, cases}           -> the bundle's results for the cases, run in a Worker
//   profile                          -> opens a fresh profile (browser context) with one tab
//   goto {url}                       -> loads url in the tab
//   bookmarklet {url}                -> navigates the tab to the javascript: URL, as a click does
//   read                             -> the overlay as docs/contract.md describes it, or null
//   settled {timeout}                -> waits until the status leaves 'loading'; the overlay
//   wait {expression, timeout}       -> waits until the expression is true in the tab
//   click {role} / select {role, value} / press {key}
//   evaluate {expression}            -> the value of a JavaScript expression in the tab
//   errors                           -> page errors seen in the tab since the profile opened
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const puppeteer = require('puppeteer-core');

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';

// One reading of the overlay for both browsers' tests.
const READ_OVERLAY = '(' + fs.readFileSync(path.join(__dirname, '..', 'read_overlay.js'), 'utf8') + ')()';

const SETTLED = `(() => {
  const host = document.getElementById('autoindex-sitemap');
  const status = host && host.shadowRoot.querySelector('[data-role=status]');
  return Boolean(status && status.getAttribute('data-state') !== 'loading');
})()`;

// A Worker has no document, so the bundle lends its case runner instead of opening
// an overlay; the same bytes run, and the page itself never sees them.
async function runParity(page, bundle, cases) {
  return page.evaluate(async (source, casesText) => {
    const tail = '\n;self.onmessage = (event) => self.postMessage(globalThis.autoindexSitemapCases(event.data));\n';
    const address = URL.createObjectURL(new Blob([source, tail], {type: 'text/javascript'}));
    const worker = new Worker(address);
    try {
      return await new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error('worker: ' + event.message));
        worker.postMessage(casesText);
      });
    } finally {
      worker.terminate();
      URL.revokeObjectURL(address);
    }
  }, fs.readFileSync(bundle, 'utf8'), fs.readFileSync(cases, 'utf8'));
}

async function main() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {'browser.shell.checkDefaultBrowser': false},
  });
  let context = null;
  let page = null;
  let errors = [];
  let closing = null;
  const close = () => closing || (closing = browser.close().catch(() => {}));
  process.on('SIGTERM', () => close().then(() => process.exit(143)));

  const tab = () => {
    if (!page) throw new Error('no profile open: send {"op": "profile"} first');
    return page;
  };
  const control = (role) => tab().locator('#autoindex-sitemap >>> [data-role=' + role + ']');

  const commands = {
    version: () => browser.version(),
    parity: async ({bundle, cases}) => {
      const blank = await browser.newPage();
      try {
        return await runParity(blank, bundle, cases);
      } finally {
        await blank.close();
      }
    },
    profile: async () => {
      if (context) await context.close();
      context = await browser.createBrowserContext();
      page = await context.newPage();
      errors = [];
      page.on('pageerror', (error) => errors.push(String(error && error.message || error)));
      return null;
    },
    goto: async ({url}) => {
      await tab().goto(url, {waitUntil: 'load'});
      return tab().url();
    },
    // browsingContext.navigate runs a javascript: URL in the page exactly as a bookmark
    // click does, but Firefox never answers the command for a URL that yields no
    // document, whatever `wait` says (w3c/webdriver-bidi#114, #1123). So the command is
    // sent and not awaited; its effect is awaited through `settled` or `read`.
    bookmarklet: async ({url}) => {
      const frame = tab().mainFrame();
      browser.connection.send('browsingContext.navigate', {context: frame._id, url, wait: 'none'})
        .catch(() => {});
      return null;
    },
    wait: async ({expression, timeout}) => {
      await tab().waitForFunction(expression, {timeout: timeout || 15000, polling: 50});
      return null;
    },
    read: () => tab().evaluate(READ_OVERLAY),
    settled: async ({timeout}) => {
      await tab().waitForFunction(SETTLED, {timeout: timeout || 15000, polling: 50});
      return tab().evaluate(READ_OVERLAY);
    },
    click: async ({role}) => {
      await control(role).click();
      return null;
    },
    select: async ({role, value}) => {
      await (await control(role).waitHandle()).select(value);
      return null;
    },
    press: async ({key}) => {
      await tab().keyboard.press(key);
      return null;
    },
    evaluate: ({expression}) => tab().evaluate(expression),
    errors: () => errors,
  };

  const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const {op, ...args} = JSON.parse(line);
    if (op === 'quit') break;
    let answer;
    try {
      if (!(op in commands)) throw new Error('unknown command ' + op);
      const value = await commands[op](args);
      answer = {ok: value === undefined ? null : value};
    } catch (error) {
      answer = {error: String(error && error.stack || error)};
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  }
  await close();
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack || error) + '\n');
  process.exit(1);
});
