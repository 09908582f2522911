/**
 * `fastify` in the server's suites: Fastify itself, with each route's response serialiser compiled
 * when the route first answers rather than all of them when the app starts. Fastify compiles a
 * serialiser for every response of every route of the contract at `ready()`, over a second of work
 * for each app a test file builds, though a file calls a handful of its routes. The compiler, its
 * options and the shared schemas are Fastify's own, so a route that answers is serialised exactly
 * as it is in the server; only when the compiling happens differs.
 */
const path = require('node:path');
const SerializerSelector = require('@fastify/fast-json-stringify-compiler');

// By its path: the name `fastify` leads back here.
const realFastify = require(path.join(path.dirname(require.resolve('fastify/package.json')), 'fastify.js'));

/** Fastify's default serialiser factory, whose serialisers compile on their first call. */
function lazySerializerFactory() {
  const buildSerializer = SerializerSelector();
  return (externalSchemas, serializerOptions) => {
    const compile = buildSerializer(externalSchemas, serializerOptions);
    return (route) => {
      let serialize;
      return (data) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  };
}

function fastify(options = {}) {
  const schemaController = options.schemaController ?? {};
  return realFastify({
    ...options,
    schemaController: { ...schemaController, compilersFactory: { buildSerializer: lazySerializerFactory(), ...schemaController.compilersFactory } },
  });
}

module.exports = Object.assign(fastify, realFastify, { fastify, default: fastify });
