// Headless Firefox (Debian's firefox-esr) through WebDriver BiDi, driven by pytest.
//
// usage: node driver.js   then one JSON command per line on stdin, one JSON answer
// per line on stdout: {"ok": value} or {"error": message}. The browser starts once
// and closes on {"op": "quit"}, at the end of stdin, or on SIGTERM.
//
// Commands:
//   version                                  -> "firefox/153.8.0"
//   parity {bundle, cases}                   -> the bundle's results for the cases, run in a Worker
//   profile {downloads}                      -> a tab in a fresh profile (browser context) saving
//                                               downloads into the folder downloads: its id
//   tab {tab}                                -> another tab in the same profile: its id
//   close {tab}                              -> closes the tab (and its profile, if it opened one)
//   goto {tab, url}                          -> loads url in the tab
//   bookmarklet {tab, url}                   -> navigates the tab to the javascript: URL, as a click does
//   evaluate {tab, expression}               -> the value of a JavaScript expression in the tab
//   click {tab, element}                     -> clicks the element a JavaScript expression yields
//   select {tab, element, value}             -> chooses an option of a <select>
//   press {tab, key} / type {tab, text}      -> keys, as Playwright names them ('Shift+Tab')
//   viewport {tab, width, height}
//   dialogs {tab}                            -> the messages of the alerts shown so far, dismissed
'use strict';
const fs = require('fs');
const readline = require('readline');
const puppeteer = require('puppeteer-core');

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
// Preferences for this browser beyond the defaults, as a JSON object.
const PREFERENCES = JSON.parse(process.env.FIREFOX_PREFERENCES || '{}');
// A folder holding an extension to install (temporarily) before the first command, or ''.
const EXTENSION = process.env.FIREFOX_EXTENSION || '';

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
    extraPrefsFirefox: Object.assign({'browser.shell.checkDefaultBrowser': false}, PREFERENCES),
  });
  if (EXTENSION) await browser.installExtension(EXTENSION);
  const tabs = new Map();  // id -> {page, context, ownsContext, dialogs}
  let lastId = 0;
  let closing = null;
  const close = () => closing || (closing = browser.close().catch(() => {}));
  process.on('SIGTERM', () => close().then(() => process.exit(143)));

  const open = async (context, ownsContext) => {
    const page = await context.newPage();
    const tab = {page, context, ownsContext, dialogs: []};
    page.on('dialog', (dialog) => {
      tab.dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
    lastId += 1;
    tabs.set(lastId, tab);
    return lastId;
  };
  const tabOf = (id) => {
    if (!tabs.has(id)) throw new Error('no tab ' + id);
    return tabs.get(id);
  };
  const pageOf = (id) => tabOf(id).page;
  const handle = async (id, element) => (await pageOf(id).evaluateHandle(element)).asElement();

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
    profile: async ({downloads}) => open(await browser.createBrowserContext(
      {downloadBehavior: {policy: 'allow', downloadPath: downloads}}), true),
    tab: ({tab}) => open(tabOf(tab).context, false),
    close: async ({tab}) => {
      const {page, context, ownsContext} = tabOf(tab);
      tabs.delete(tab);
      await (ownsContext ? context.close() : page.close());
      return null;
    },
    goto: async ({tab, url}) => {
      await pageOf(tab).goto(url, {waitUntil: 'load'});
      return null;
    },
    // browsingContext.navigate runs a javascript: URL in the page exactly as a bookmark
    // click does, but Firefox never answers the command for a URL that yields no
    // document, whatever `wait` says (w3c/webdriver-bidi#114, #1123). So the command is
    // sent and not awaited; its effect is awaited by the caller.
    bookmarklet: async ({tab, url}) => {
      const frame = pageOf(tab).mainFrame();
      browser.connection.send('browsingContext.navigate', {context: frame._id, url, wait: 'none'})
        .catch(() => {});
      return null;
    },
    evaluate: ({tab, expression}) => pageOf(tab).evaluate(expression),
    // puppeteer clips an element's box to documentElement.clientHeight, which on a page in
    // quirks mode (nginx's listings have no doctype) is the height of the content, not of the
    // viewport, and then finds nothing to click below it: so the mouse goes to the middle of
    // the element's first box, found here once it has stayed put for a frame (as Playwright
    // waits for an element to be stable).
    click: async ({tab, element}) => {
      const point = await (await handle(tab, element)).evaluate(async (found) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let last = '';
        for (let frames = 0; ; frames += 1) {
          found.scrollIntoView({block: 'nearest', inline: 'nearest'});
          const box = found.getClientRects()[0];
          const point = {x: box.x + box.width / 2, y: box.y + box.height / 2};
          if (JSON.stringify(point) === last || frames === 20) return point;
          last = JSON.stringify(point);
          await frame();
        }
      });
      await pageOf(tab).mouse.click(point.x, point.y);
      return null;
    },
    select: async ({tab, element, value}) => {
      await (await handle(tab, element)).select(value);
      return null;
    },
    press: async ({tab, key}) => {
      // A chord as Playwright writes one, 'Shift+Tab': its modifiers held meanwhile.
      const keyboard = pageOf(tab).keyboard;
      const held = key.length > 1 ? key.split('+') : [key];
      const last = held.pop();
      for (const modifier of held) await keyboard.down(modifier);
      await keyboard.press(last);
      for (const modifier of held.reverse()) await keyboard.up(modifier);
      return null;
    },
    type: async ({tab, text}) => {
      await pageOf(tab).keyboard.type(text);
      return null;
    },
    viewport: async ({tab, width, height}) => {
      await pageOf(tab).setViewport({width, height});
      return null;
    },
    dialogs: ({tab}) => tabOf(tab).dialogs,
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
