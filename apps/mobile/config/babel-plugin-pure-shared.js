/**
 * packages/shared builds its zod schemas and status tables in top-level declarations, and nothing
 * tells the bundler those calls have no side effects, so webpack kept every one of them, and all
 * of zod with them (about 20 KB gzip in the H5 entry alone), even for a page that only calls
 * pickLocale. This wraps each top-level initialiser that is a call, `new`, object or array in an
 * argument-less IIFE marked `#__PURE__`, so a declaration the app does not use is dropped with its
 * imports.
 *
 * A bare `#__PURE__` on the call is not enough: webpack treats an annotated call as pure only when
 * its arguments are too, and an object literal (`z.enum(locales, { error })`) never is.
 */
module.exports = function pureSharedInitializers({ types: t }) {
  return {
    name: 'maika-pure-shared-initializers',
    visitor: {
      Program(programPath) {
        for (const statement of programPath.get('body')) {
          const declaration = statement.isExportNamedDeclaration() ? statement.get('declaration') : statement;
          if (!declaration.isVariableDeclaration()) continue;
          for (const declarator of declaration.get('declarations')) {
            const init = declarator.get('init');
            if (!init.isCallExpression() && !init.isNewExpression() && !init.isObjectExpression() && !init.isArrayExpression()) continue;
            const pureCall = t.callExpression(t.arrowFunctionExpression([], init.node), []);
            t.addComment(pureCall, 'leading', '#__PURE__');
            init.replaceWith(pureCall);
            init.skip();
          }
        }
      },
    },
  };
};
