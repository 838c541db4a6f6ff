// The native runtime: what the bookmarklet's Python still needs from a runtime once it
// is written in the native subset (docs/transcrypt.md). The build puts this module in
// place of Transcrypt's own, which is about 14 KB even pruned and adds its methods to
// Array.prototype and String.prototype of the page. This one patches nothing: each name
// is the plain JavaScript meaning of the Python the subset allows.

// len() of a string or a list.
export var len = (sequence) => sequence.length;

// str() of an integer: String itself, called with the one argument.
export var str = String;

// A dict literal: Transcrypt writes {'a': 1} as dict ({'a': 1}); the object is the dict.
export var dict = (record) => record;

// `x in xs` (a list or a string) and `'k' in d` (an own key of a dict).
export var __in__ = (item, container) => typeof container == 'string' || Array.isArray(container)
    ? container.indexOf(item) >= 0 : Object.prototype.hasOwnProperty.call(container, item);

// Transcrypt writes `except JSError` as `if (isinstance (error, JSError))`, and portable.py
// binds JSError to object there: everything thrown is caught.
export var object = Object;
export var isinstance = (value, type) => type === object || value instanceof type;

export var max = Math.max;
export var min = Math.min;
export var abs = Math.abs;
