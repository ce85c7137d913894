// A feature reaches another feature only through that feature's public surface, its index.ts (ARCHITECTURE.md,
// "Which rooms may import which"). Internals (repositories, routes, helpers, components) stay private, so a
// feature can be reorganised without breaking its neighbours. Wiring and tests are exempt in eslint.config.js.
import path from 'node:path';

const FEATURE = /^(?<root>.*\/src\/features)\/(?<name>[^/]+)(?<rest>\/.*)?$/;

function featureOf(file) {
  const match = FEATURE.exec(file.split(path.sep).join('/'));
  return match?.groups ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its index.ts, never its internals' },
    messages: {
      internal:
        "'{{target}}' is inside the {{feature}} feature: import it from that feature's index.ts (its public surface), " +
        'and export it there if it is meant to be used outside.',
    },
    schema: [],
  },
  create(context) {
    const here = featureOf(context.filename);
    if (!here) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source);
      const there = featureOf(resolved);
      if (!there || there.root !== here.root || there.name === here.name) return;
      const rest = (there.rest ?? '').replace(/\.(js|ts|tsx)$/, '');
      if (rest === '' || rest === '/index') return;
      context.report({ node, messageId: 'internal', data: { target: source, feature: there.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
