// Load a bundle outside any page, so it offers its case runner, and run cases through it.
// usage: node run_bundle.js BUNDLE CASES.json  -> results JSON on stdout
'use strict';
const fs = require('fs');
const [bundle, cases] = process.argv.slice(2);
(0, eval)(fs.readFileSync(bundle, 'utf8'));
process.stdout.write(globalThis.autoindexSitemapCases(fs.readFileSync(cases, 'utf8')));
