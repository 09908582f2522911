/**
 * `fastify` in the server's suites: Fastify itself, with each route's request validators and
 * response serialisers compiled when the route is first called rather than all of them when the app
 * starts. Fastify compiles a validator for every request part and a serialiser for every response of
 * every route of the contract at `ready()`, over a second of work for each app a test file builds,
 * though a file calls a handful of its routes. The compilers, their options and the shared schemas
 * are Fastify's own, so a route that is called validates and answers exactly as it does in the
 * server; only when the compiling happens differs (a schema that does not compile fails the first
 * request of its route here, and the server's start there: contract.test.ts compiles every route as
 * the server does). The contract has no header schemas, the one part Fastify treats differently
 * when the validator factory is not its default.
 */
const path = require('node:path');
const SerializerSelector = require('@fastify/fast-json-stringify-compiler');
const ValidatorSelector = require('@fastify/ajv-compiler');

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

/**
 * Fastify's default validator factory (@fastify/ajv-compiler: its Ajv, with the app's options and
 * shared schemas, made when the first validator is), whose validators compile on their first call.
 * Fastify reads two things of a validator besides calling it: `schemaEnv` (an Ajv validator is given
 * its parent, so that it may change the value in place) and `errors` after a call.
 */
function lazyValidatorFactory() {
  const buildValidator = ValidatorSelector();
  return (externalSchemas, options) => {
    let compile;
    return (route) => {
      let validate;
      const compiled = () => (validate ??= (compile ??= buildValidator(externalSchemas, options))(route));
      const lazy = function (data, dataContext) {
        const ajvValidate = compiled();
        const valid = ajvValidate(data, dataContext);
        lazy.errors = ajvValidate.errors;
        return valid;
      };
      Object.defineProperty(lazy, 'schemaEnv', { get: () => compiled().schemaEnv });
      return lazy;
    };
  };
}

function fastify(options = {}) {
  const schemaController = options.schemaController ?? {};
  return realFastify({
    ...options,
    schemaController: { ...schemaController, compilersFactory: { buildValidator: lazyValidatorFactory(), buildSerializer: lazySerializerFactory(), ...schemaController.compilersFactory } },
  });
}

module.exports = Object.assign(fastify, realFastify, { fastify, default: fastify });
