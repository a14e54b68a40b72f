/**
 * Mini-program builds only, over the libraries (zod). zod builds BigInt constants when it loads
 * (the int64 ranges) and calls BigInt in its bigint checks; on a client without BigInt the first
 * of those throws while common code loads, and the whole app is gone. Each `BigInt(x)` becomes
 * `typeof BigInt === "function" ? BigInt(x) : x`: the same value wherever BigInt exists, and
 * elsewhere an inert placeholder in schemas the app never uses (no bigint can reach them there).
 */
module.exports = function guardBigInt({ types: t }) {
  return {
    name: 'maika-guard-bigint',
    visitor: {
      CallExpression(path) {
        const { callee, arguments: args } = path.node;
        if (!t.isIdentifier(callee, { name: 'BigInt' }) || path.scope.getBinding('BigInt')) return;
        const guard = t.binaryExpression('===', t.unaryExpression('typeof', t.identifier('BigInt')), t.stringLiteral('function'));
        const fallback = args.length === 1 && !t.isSpreadElement(args[0]) ? t.cloneNode(args[0]) : t.identifier('undefined');
        path.replaceWith(t.conditionalExpression(guard, path.node, fallback));
        path.skip();
      },
    },
  };
};
