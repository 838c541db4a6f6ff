// The loader bookmarklet. generator.py replaces the three constants, minifies
// this file and wraps it like the self-contained bookmarklet into
// dist/loader.url. It stays a few hundred characters, so it fits every
// browser and bookmark sync service.
//
// A click closes the open overlay (telling it first to release its page
// listeners, as bookmarklet/overlay.py's close_existing does), or loads
// sitemap.js pinned to the build that wrote this loader: the URL carries the
// script's hash, so no cache serves another build, and Subresource Integrity
// refuses any other bytes. When the script has not run within the timeout, or
// cannot run (network, a server gone, the page's Content-Security-Policy, a
// changed file), an alert says so and points to the self-contained
// bookmarklet on the install page. Whichever of load, error and timeout comes
// first removes the script element, so only the first one counts.
const SCRIPT_URL = '%SCRIPT_URL%';
const INTEGRITY = '%INTEGRITY%';
const TIMEOUT_MS = '%TIMEOUT_MS%';

const page = document;
const overlay = page.getElementById('autoindex-sitemap');
if (overlay) {
  overlay.dispatchEvent(new CustomEvent('autoindex-sitemap-close'));
  overlay.remove();
} else {
  const script = page.createElement('script');
  script.onload = () => script.remove();
  script.onerror = () => script.isConnected && (script.remove(), alert(
    'Sitemap: ' + script.src + ' failed to load.\nUse the self-contained bookmarklet: ' +
    new URL('install.html', script.src)));
  setTimeout(script.onerror, TIMEOUT_MS);
  script.crossOrigin = '';  // the empty value means anonymous: CORS without credentials
  script.integrity = INTEGRITY;
  script.src = SCRIPT_URL;
  page.documentElement.append(script);
}
