// The loader bookmarklet. generator.py fills in its placeholders (the build's
// values and the names in bookmarklet/words.py), minifies this file and wraps
// it like the self-contained bookmarklet into dist/loader.url. It stays a few
// hundred characters, so it fits every browser and bookmark sync service.
//
// A click closes the open overlay (telling it first to release its page
// listeners, as bookmarklet/overlay.py's close_existing does), or loads
// sitemap.js into a hidden same-origin frame of its own, so that Transcrypt's
// runtime patches that frame's prototypes and not the page's (the script finds
// the page as the frame's parent; the frame goes when the overlay closes). The
// script is pinned to the build that wrote this loader: the URL carries the
// script's hash, so no cache serves another build, and Subresource Integrity
// refuses any other bytes. When the script has not run within the timeout, or
// cannot run (network, a server gone, the page's Content-Security-Policy, a
// changed file), an alert says so and points to the self-contained
// bookmarklet on the install page. Whichever of load, error and timeout comes
// first removes the script element, so only the first one counts.
const SCRIPT_URL = ${script_url};
const INTEGRITY = ${integrity};
const TIMEOUT_MS = ${timeout_ms};

const page = document;
const overlay = page.getElementById(${overlay_id});
if (overlay) {
  overlay.dispatchEvent(new CustomEvent(${close_event}));
  overlay.remove();
} else {
  const url = new URL(SCRIPT_URL, location.href).href;
  const frame = page.createElement('iframe');
  frame.setAttribute(${realm_mark}, '');
  frame.style.display = 'none';
  page.documentElement.append(frame);
  const realm = frame.contentDocument;
  const script = realm.createElement('script');
  script.onload = () => script.remove();
  script.onerror = () => script.isConnected && (frame.remove(), alert(
    'Sitemap: ' + url + ' failed to load.\nUse the self-contained bookmarklet: ' +
    new URL('install.html', url)));
  setTimeout(script.onerror, TIMEOUT_MS);
  script.crossOrigin = '';  // the empty value means anonymous: CORS without credentials
  script.integrity = INTEGRITY;
  script.src = url;
  realm.documentElement.append(script);
}
