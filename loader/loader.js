// The loader bookmarklet, a template: toolkit/loader.py puts the script's URL,
// its integrity and the timeout where their placeholders are, minifies it and
// escapes it into dist/loader.url. It stays within 500 characters, so it fits every
// browser and bookmark sync service; hence one call of an arrow function (no
// function around statements, no constants: both cost characters), which
// toolkit/loader.py makes `void`, and whose names are its parameters: `document`, named
// once, and what its defaults find.
//
// A click closes the open overlay (telling it first to release its page
// listeners, as bookmarklet/browser/panel.py's close_existing does), or adds a script
// element for sitemap.js to the page: the script touches no built-in
// prototype and leaves no global, so it needs no frame of its own. It is
// pinned to the build that wrote this loader: the URL carries the script's
// hash (or, on a CDN, the package's exact version), so no cache serves another
// build, and Subresource Integrity refuses any other bytes. When the script has
// not run within the timeout, or cannot run (network, a server gone, the page's
// Content-Security-Policy, a changed file), an alert says so and points to the
// self-contained bookmarklet (toolkit/loader.py failure_message). Whichever of
// load, error and timeout comes first removes the script element, so only the
// first one counts.
((doc, overlay = doc.getElementById(${overlay_id}), script = doc.createElement('script')) =>
  overlay
  // An event named as the overlay tells it to close: it releases its listeners and
  // removes itself.
  ? overlay.dispatchEvent(new Event(overlay.id))
  : (script.onload = script.remove,  // an event handler runs with its element as `this`
     // alert() ignores a second argument, which removes the element before the alert shows
     script.onerror = () => script.isConnected && alert(${failure}, script.remove()),
     setTimeout(script.onerror, ${timeout_ms}),
     script.crossOrigin = '',  // the empty value means anonymous: CORS without credentials
     script.integrity = ${integrity},
     script.src = ${script_url},
     doc.head.append(script))
)(document);
