// Load a bundle in JavaScriptCore's shell (Safari's engine) and run cases through it.
// usage: jsc run_bundle_jsc.js -- BUNDLE CASES.json  -> results JSON on stdout
// The shell has print and readFile but no console; older shells lack globalThis.
(function (shell) {
  if (typeof shell.globalThis === 'undefined') shell.globalThis = shell;
  if (typeof shell.console === 'undefined') {
    const line = (...parts) => print(parts.map(String).join(' '));
    shell.console = {log: line, info: line, warn: line, error: line, debug: line};
  }
})(this);
const [bundle, cases] = arguments;
(0, eval)(readFile(bundle));
// Non-ASCII goes out as \u escapes, so no shell's output encoding can alter it.
print(globalThis.autoindexSitemapCases(readFile(cases)).replace(
  /[\u007f-\uffff]/g, (unit) => '\\u' + unit.charCodeAt(0).toString(16).padStart(4, '0')));
