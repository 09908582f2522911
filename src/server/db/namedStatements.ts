import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * How many statements the embedded database keeps parsed (the least recently used beyond this are
 * closed), and how many texts a process names on PostgreSQL ({@link StatementNames}).
 */
export const KEPT_STATEMENTS = 200;

interface NamedStatement {
  name: string;
  /** The type of each parameter, as the database inferred it: it picks each value's serializer. */
  paramTypes: number[];
}

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/**
 * Queries with parameters run on the embedded database the way PostgreSQL runs a named prepared
 * statement: the text is parsed once and kept under a name, then each run only binds its values and
 * executes, and PostgreSQL keeps a generic plan once it judges one good enough. PGlite's own query
 * parses and plans every text afresh, which is more than half of what the weekly reads cost it (a
 * page of the weekly list: 3.4 ms, 1.5 ms kept). These are the steps of PGlite's own query, through
 * its protocol API, with a name on the statement.
 *
 * The statements are kept by text, the most recently used {@link KEPT_STATEMENTS} of them; Drizzle
 * builds each query shape once (with placeholders), so a server's texts are few.
 */
export class NamedStatements {
  readonly #db: PGlite;
  /** Text -> statement, least recently used first. */
  readonly #kept = new Map<string, NamedStatement>();
  #made = 0;

  constructor(db: PGlite) {
    this.#db = db;
  }

  /** How many statements are kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /** Runs the query as PGlite's query would (waiting for the database to be its own), with the statement kept. */
  async query<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.#db._checkReady();
    return this.#db._runExclusiveTransaction(() => this.#db._runExclusiveQuery(() => this.#run<T>(text, params, options)));
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages: BackendMessages = [];
    try {
      const statement = await this.#statementOf(text);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index];
        const serialize = options?.serializers?.[type] ?? this.#db.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(
        ...(await this.#send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await this.#send(protocol.serialize.describe({ type: 'P' }))),
        ...(await this.#send(protocol.serialize.execute({}))),
      );
    } finally {
      messages.push(...(await this.#send(protocol.serialize.sync())));
    }
    await this.#db.syncToFs();
    return parse.parseResults(messages, this.#db.parsers, options)[0] as Results<T>;
  }

  async #statementOf(text: string): Promise<NamedStatement> {
    const kept = this.#kept.get(text);
    if (kept) {
      this.#kept.delete(text);
      this.#kept.set(text, kept);
      return kept;
    }
    const name = `kept_${++this.#made}`;
    await this.#send(protocol.serialize.parse({ name, text }));
    const paramTypes = parse.parseDescribeStatementResults(await this.#send(protocol.serialize.describe({ type: 'S', name })));
    const statement = { name, paramTypes };
    this.#kept.set(text, statement);
    if (this.#kept.size > KEPT_STATEMENTS) {
      const [oldestText, oldest] = this.#kept.entries().next().value as [string, NamedStatement];
      this.#kept.delete(oldestText);
      await this.#send(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  /** One message, without the sync that ends a run (sent once, at the end, whatever happened). */
  #send(message: Uint8Array): Promise<BackendMessages> {
    return this.#db.execProtocolStream(message, { syncToFs: false });
  }
}

/** Texts seen once, remembered so that the second run of one names it; forgotten all at once beyond this. */
const SEEN_ONCE_LIMIT = 2_000;

/**
 * On PostgreSQL, the same for node-postgres: a query with parameters whose text recurs runs as a
 * named prepared statement, so each connection parses it once and PostgreSQL plans it afresh only
 * until it keeps a generic plan. Unnamed, every run of a text is parsed and planned again: on a queue
 * of small uploads that was about as much of the database's time as executing the statements (the
 * company's queue count alone took 1.8 ms to plan, 0.4 ms to run).
 *
 * Names are given per process, the same on every connection (node-postgres prepares a name on a
 * connection the first time it runs there). A text is named the second time it is seen, so
 * statements built once (a seed's inserts) take no name, and at most {@link KEPT_STATEMENTS} texts
 * are named: what a server runs again and again is a few dozen shapes, and each connection keeps
 * every name it has prepared until it closes. A connection pooler in front of PostgreSQL must pass
 * named statements through (PgBouncer: `max_prepared_statements`, or session pooling).
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seenOnce = new Set<string>();

  constructor(private readonly limit = KEPT_STATEMENTS) {}

  /** How many texts have a name. */
  get size(): number {
    return this.#names.size;
  }

  /** The text's name, or undefined while it runs unnamed (seen once so far, or no names left). */
  nameOf(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= this.limit) return name;
    if (!this.#seenOnce.delete(text)) {
      if (this.#seenOnce.size >= SEEN_ONCE_LIMIT) this.#seenOnce.clear();
      this.#seenOnce.add(text);
      return undefined;
    }
    const made = `kept_${this.#names.size + 1}`;
    this.#names.set(text, made);
    return made;
  }
}

/**
 * A node-postgres client class whose queries with parameters carry the name {@link StatementNames}
 * gives their text; a pool makes its connections with it (`new pg.Pool({ Client })`). Queries that
 * already have a name, have no parameters, or are query objects of their own (cursors, streams) run
 * as they are.
 */
export function statementNamingClient(names: StatementNames): typeof pg.Client {
  class NamingClient extends pg.Client {}
  const query = pg.Client.prototype.query;
  NamingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    return (query as (...args: unknown[]) => unknown).call(this, withName(names, config, values), values, callback);
  } as typeof query;
  return NamingClient;
}

function withName(names: StatementNames, config: unknown, values: unknown): unknown {
  if (typeof config === 'string') {
    const name = Array.isArray(values) && values.length > 0 ? names.nameOf(config) : undefined;
    return name === undefined ? config : { text: config, name };
  }
  if (config === null || typeof config !== 'object' || Object.getPrototypeOf(config) !== Object.prototype) return config;
  const query = config as pg.QueryConfig;
  if (query.name !== undefined || typeof query.text !== 'string') return config;
  const parameters = Array.isArray(values) ? values : query.values;
  const name = Array.isArray(parameters) && parameters.length > 0 ? names.nameOf(query.text) : undefined;
  return name === undefined ? config : { ...query, name };
}
