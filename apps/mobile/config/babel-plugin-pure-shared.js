/**
 * packages/shared builds its zod schemas and status tables in top-level declarations, and nothing
 * tells the bundler those calls have no side effects, so webpack kept every one of them, and all
 * of zod with them (about 90 KB gzip), even for a page that only calls pickLocale. This marks the
 * calls in top-level initialisers `#__PURE__` (never those inside functions, whose results may be
 * used for their effects), so the declarations the app does not use are dropped with their imports.
 */
module.exports = function pureSharedInitializers() {
  const markPure = (path) => {
    path.addComment('leading', '#__PURE__');
  };
  const initializerVisitor = {
    Function(path) {
      path.skip();
    },
    CallExpression: markPure,
    NewExpression: markPure,
  };
  return {
    name: 'maika-pure-shared-initializers',
    visitor: {
      Program(programPath) {
        for (const statement of programPath.get('body')) {
          const declaration = statement.isExportNamedDeclaration() ? statement.get('declaration') : statement;
          if (!declaration.isVariableDeclaration()) continue;
          for (const declarator of declaration.get('declarations')) {
            const init = declarator.get('init');
            if (!init.node) continue;
            if (init.isCallExpression() || init.isNewExpression()) markPure(init);
            init.traverse(initializerVisitor);
          }
        }
      },
    },
  };
};
