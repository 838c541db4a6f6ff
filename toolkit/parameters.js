// A function's own variables as its parameters, where every call of it is known
// (toolkit/bundle.py LOCALS_AS_PARAMETERS): reads the minified script on stdin, writes it on
// stdout.
//
// `(r,e)=>{var t,a;...}` and `(r,e,t,a)=>{...}` mean the same wherever the function is
// only ever called by its name, with no more arguments than it has parameters: the new
// parameters then start undefined, as the variables did, and live as long. So a function
// is taken only when it is bound once to a name (`var f=...`, `f=...`, `function f`), and
// every other use of that name calls it directly (not `new`, no spread) with at most that
// many arguments; a function passed as a value (a callback, which its caller may give
// more arguments) or that reads `arguments` is left as it is. Its `var` statements become
// the assignments they hold. uglify-js then runs again: a body left with one `return`
// becomes an expression, and statements join.
'use strict';
const U = require('uglify-js');

const script = require('fs').readFileSync(0, 'utf8');
const tree = U.parse(script);
tree.figure_out_scope({});

const parents = new Map();
const functions = [];
tree.walk(new U.TreeWalker(function (node) {
  if (node instanceof U.AST_SymbolRef) parents.set(node, this.parent());
  if (node instanceof U.AST_Lambda) functions.push([node, this.parent()]);
}));

// [the definition of the name a function is bound to, the reference that binds it (null
// for a declaration)], or [null, null].
function binding(fn, parent) {
  if (fn instanceof U.AST_Defun) return [fn.name.definition(), null];
  if (parent instanceof U.AST_VarDef && parent.value === fn && parent.name instanceof U.AST_SymbolVar)
    return [parent.name.definition(), null];
  if (parent instanceof U.AST_Assign && parent.operator === '=' && parent.right === fn
      && parent.left instanceof U.AST_SymbolRef)
    return [parent.left.definition(), parent.left];
  return [null, null];
}

function onlyCalled(fn, definition, binder) {
  if (definition.orig.length !== 1) return false;
  return definition.references.every(reference => {
    if (reference === binder) return true;
    const parent = parents.get(reference);
    return parent !== undefined && parent.TYPE === 'Call' && parent.expression === reference
      && parent.args.length <= fn.argnames.length
      && !parent.args.some(argument => argument instanceof U.AST_Spread);
  });
}

// The expression that assigns what the declarations give a value to; null for none.
function assignments(definitions) {
  const each = definitions.filter(definition => definition.value).map(definition =>
    new U.AST_Assign({ operator: '=', left: new U.AST_SymbolRef(definition.name), right: definition.value }));
  return each.length === 0 ? null : each.length === 1 ? each[0] : new U.AST_Sequence({ expressions: each });
}

function withoutVar(fn) {
  return new U.TreeTransformer(function (node, descend) {
    if (node instanceof U.AST_Lambda && node !== fn) return node;
    if (node instanceof U.AST_ForEnumeration && node.init instanceof U.AST_Var) {
      const only = node.init.definitions;
      if (only.length !== 1 || only[0].value) throw new Error('a for-in or for-of declares more than one name');
      node.init = new U.AST_SymbolRef(only[0].name);
      descend(node, this);
      return node;
    }
    if (node instanceof U.AST_For && node.init instanceof U.AST_Var) {
      node.init = assignments(node.init.definitions);
      descend(node, this);
      return node;
    }
    if (node instanceof U.AST_Var) {
      descend(node, this);
      const value = assignments(node.definitions);
      const parent = this.parent();
      if (value) return new U.AST_SimpleStatement({ body: value });
      return Array.isArray(parent.body) ? U.List.skip : new U.AST_EmptyStatement();
    }
  });
}

for (const [fn, parent] of functions) {
  if (fn.uses_arguments || fn.rest || !fn.argnames.every(name => name instanceof U.AST_SymbolFunarg)) continue;
  const names = fn.argnames.map(name => name.name);
  const variables = [];
  fn.variables.each((definition, name) => {
    if (!names.includes(name) && definition.orig.every(declared => declared.TYPE === 'SymbolVar'))
      variables.push(name);
  });
  let declares = false;
  fn.walk(new U.TreeWalker(node => {
    if (node instanceof U.AST_Lambda && node !== fn) return true;
    if (node instanceof U.AST_Var) declares = true;
  }));
  if (!declares) continue;
  const [definition, binder] = binding(fn, parent);
  if (definition === null || !onlyCalled(fn, definition, binder)) continue;
  fn.transform(withoutVar(fn));
  for (const name of variables) fn.argnames.push(new U.AST_SymbolFunarg({ name }));
}

process.stdout.write(tree.print_to_string({ ascii_only: true }));
