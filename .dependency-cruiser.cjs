// Import rules `npm test` checks (scripts/dependencies.test.ts): no cycle, and each package
// imports only the packages below it (docs/packages.md): frame ← core ← evm, react, server;
// solana ← core and react; bitcoin ← core; server ← bitcoin's `verify` entry only (no browser
// code). devnet stands alone.
/** A package may import only these others (their published names or their sources). */
const allowed = {
  frame: [],
  devnet: [],
  core: ['frame'],
  evm: ['core', 'frame'],
  react: ['core', 'frame'],
  server: ['core', 'frame', 'bitcoin'],
  solana: ['core', 'frame', 'react'],
  bitcoin: ['core', 'frame'],
}
const all = Object.keys(allowed)

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment:
        'A module must not reach itself through imports that run (a type-only import of the ' +
        "instance's type back from its parts is not one: it leaves no trace in the JS).",
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...all.map((name) => ({
      name: `${name}-direction`,
      comment: `packages/${name} imports only ${allowed[name].join(', ') || 'no other package'}`,
      severity: 'error',
      // Tests and their helpers may start another package (a real server for the frame's tests).
      from: { path: `^packages/${name}/src/`, pathNot: '\\.test\\.|\\.test-d\\.|/testing/' },
      to: {
        path: `^packages/(${all.filter((other) => other !== name && !allowed[name].includes(other)).join('|')})/`,
      },
    })),
    {
      name: 'server-bitcoin-verify-only',
      comment:
        'packages/server takes from packages/bitcoin only its `verify` entry (signed messages)',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: '\\.test\\.|\\.test-d\\.|/testing/' },
      to: { path: '^packages/bitcoin/', pathNot: '^packages/bitcoin/src/exports/verify\\.ts$' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    exclude: { path: 'node_modules|/dist/|\\.stryker-tmp' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      conditionNames: ['@latchkey/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
}
